import { useContext } from 'react';
import { UNSAFE_DataRouterContext, useLocation, useNavigation } from 'react-router';

/**
 * Asks whether the person is still on this page and not on their way off it, for text that settles
 * after a pause (a search box, a name filter) and then writes the URL. By then they may have clicked
 * a link: rewriting this page's URL would cancel that navigation, or put the text on the page they
 * reached. The router is asked when the text settles, not this render: the settled text can run from
 * a render made before the click was (React runs a pending effect before it renders the click).
 */
export function useStillHere(): () => boolean {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  return () => {
    const now = router?.state ?? { location: { pathname }, navigation };
    const goingElsewhere = now.navigation.state !== 'idle' && now.navigation.location.pathname !== pathname;
    return now.location.pathname === pathname && !goingElsewhere;
  };
}
