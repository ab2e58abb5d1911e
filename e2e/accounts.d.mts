export interface DemoAccount {
  email: string;
  username: string;
  password: string;
  role: 'User' | 'Administrator' | 'Manager' | 'Support';
}
export declare const ACCOUNTS: Record<
  'admin' | 'manager' | 'support' | 'customer' | 'reseller' | 'member',
  DemoAccount
>;
export declare const CHROMIUM_PATH: string;
export declare const CHROMIUM_ARGS: string[];
