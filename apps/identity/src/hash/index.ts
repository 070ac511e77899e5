export type { Argon2Options } from "./argon2.ts";
export { HashError, type HashErrorCode } from "./errors.ts";
export {
  createPasswordHasher,
  defaultArgon2Options,
  isSupportedPasswordHash,
  type PasswordHasher,
  type PasswordHasherOptions,
} from "./password-hasher.ts";
