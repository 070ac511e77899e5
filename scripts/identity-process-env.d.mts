export declare function withIdentityProcessEnv(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, string | undefined>;
