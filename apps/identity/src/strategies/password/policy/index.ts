export {
  defaultPasswordPolicyOptions,
  type PasswordPolicyInput,
  type PasswordPolicyOptions,
  validatePassword,
} from "./password-policy.ts";
