import type { PlanType } from '../plans/plans';

/**
 * ISO 3166-1 alpha-2 codes (and XK, Kosovo, which providers use), lower case as usernames carry
 * them. A username's country outside this list is refused, not routed to "any exit".
 */
const CODES = new Set(
  'ad ae af ag ai al am ao aq ar as at au aw ax az ba bb bd be bf bg bh bi bj bl bm bn bo bq br bs bt bv bw by bz ca cc cd cf cg ch ci ck cl cm cn co cr cu cv cw cx cy cz de dj dk dm do dz ec ee eg eh er es et fi fj fk fm fo fr ga gb gd ge gf gg gh gi gl gm gn gp gq gr gs gt gu gw gy hk hm hn hr ht hu id ie il im in io iq ir is it je jm jo jp ke kg kh ki km kn kp kr kw ky kz la lb lc li lk lr ls lt lu lv ly ma mc md me mf mg mh mk ml mm mn mo mp mq mr ms mt mu mv mw mx my mz na nc ne nf ng ni nl no np nr nu nz om pa pe pf pg ph pk pl pm pn pr ps pt pw py qa re ro rs ru rw sa sb sc sd se sg sh si sj sk sl sm sn so sr ss st sv sx sy sz tc td tf tg th tj tk tl tm tn to tr tt tv tw tz ua ug um us uy uz va vc ve vg vi vn vu wf ws xk ye yt za zm zw'.split(
    ' ',
  ),
);

export const isCountryCode = (code: string) => CODES.has(code.toLowerCase());

/**
 * What the country chosen at purchase means (ADR 018). Static addresses (ISP, datacenter, IPv6
 * subnets) live where they were bought: the plan exits there only. Pools (residential, mobile)
 * rotate through many countries: the purchase country is the default a username may override.
 */
export const COUNTRY_LOCKED_TYPES: readonly PlanType[] = ['isp', 'datacenter', 'ipv6'];

export const isCountryLocked = (type: PlanType) => COUNTRY_LOCKED_TYPES.includes(type);

/** The sentence shown beside the country picker and in refusals, one wording everywhere. */
export function countryRule(type: PlanType): string {
  return isCountryLocked(type)
    ? 'Static addresses stay in the country you choose: the plan exits there only.'
    : 'A default only: each connection may pick another country in its username.';
}

/** Why a username's country was refused; null when the plan may exit there. */
export function countryRefusal(target: string, purchase: { code: string | null; locked: boolean }): string | null {
  if (!isCountryCode(target)) return `Unknown country '${target}': use an ISO 3166 two-letter code`;
  if (purchase.locked && purchase.code && purchase.code !== target.toLowerCase())
    return `This plan exits in ${purchase.code.toUpperCase()} only (bought for that country)`;
  return null;
}
