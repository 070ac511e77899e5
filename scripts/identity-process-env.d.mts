export declare const identityProcessEnv: Readonly<Record<string, string>>;
export declare function withIdentityProcessEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined>;
