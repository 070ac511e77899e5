import { isSupportEvent } from "@moos/contract";
import type { SecurityEventType } from "../../../../../security/records.ts";
import { type NoticeEmailWords, noticeEmail } from "../../notice-email.ts";
import type { EmailTemplate } from "../../template.ts";
import {
  detail,
  formatNoticeInstant,
  formatNoticeTime,
  type SecurityNoticeModel,
} from "../model.ts";

type Words = { subject: string; what: string };

function secondFactor(model: SecurityNoticeModel): string {
  const method = detail(model, "method");
  if (method === "totp") return "an authenticator app";
  if (method === "lookup_secret") return "backup codes";
  return `the security key "${detail(model, "name")}"`;
}

const words: Record<SecurityEventType, (model: SecurityNoticeModel) => Words> = {
  login_new_device: () => ({
    subject: "New login to your Moos account",
    what: "Someone just logged in to your Moos account from a device we haven't seen on your account before.",
  }),
  password_changed: () => ({
    subject: "Your Moos password was changed",
    what: "The password of your Moos account was just changed.",
  }),
  recovery_used: () => ({
    subject: "Your Moos account was recovered",
    what: 'Your Moos account was just recovered through "Forgot your password?" with a code from an email to you.',
  }),
  second_factor_added: (model) => ({
    subject: "Two-factor login changed at Moos",
    what: `This was just set up for the two-factor login of your Moos account: ${secondFactor(model)}.`,
  }),
  second_factor_removed: (model) => ({
    subject: "Two-factor login changed at Moos",
    what: `This was just removed from the two-factor login of your Moos account: ${secondFactor(model)}.`,
  }),
  passkey_added: (model) => ({
    subject: "New passkey for your Moos account",
    what: `The passkey "${detail(model, "name")}" was just added to your Moos account.`,
  }),
  passkey_removed: (model) => ({
    subject: "Passkey removed from your Moos account",
    what: `The passkey "${detail(model, "name")}" was just removed from your Moos account.`,
  }),
  social_linked: (model) => ({
    subject: `Your Moos account is now linked with ${detail(model, "provider_label")}`,
    what: `Your Moos account was just linked with ${detail(model, "provider_label")}, so you can now also log in to it with ${detail(model, "provider_label")}.`,
  }),
  social_unlinked: (model) => ({
    subject: `Link with ${detail(model, "provider_label")} removed`,
    what: `The link between your Moos account and ${detail(model, "provider_label")} was just removed.`,
  }),
  email_change_requested: (model) => ({
    subject: "Someone wants to change your email address at Moos",
    what: `The new email address ${detail(model, "new_address")} was just entered for your Moos account. It only counts for logging in once it is confirmed with the code we sent there. Until then, nothing changes.`,
  }),
  email_change_completed: (model) => ({
    subject: "The email address of your Moos account was changed",
    what: `The email address of your Moos account was just changed from ${detail(model, "old_address")} to ${detail(model, "new_address")}. From now on, you log in with the new address.`,
  }),
  email_change_undone: () => ({
    subject: "The change of your email address was undone",
    what: "The change of your Moos account's email address was undone.",
  }),
  not_me_reported: () => ({
    subject: "Your Moos account was logged out everywhere",
    what: "You told us that a change to your account wasn't you.",
  }),
  support_sessions_revoked: (model) => ({
    subject: "Our customer service logged you out",
    what:
      detail(model, "scope") === "one"
        ? "Moos's customer service just ended one of your sessions. You're now logged out on that session's device."
        : "Moos's customer service just ended all your sessions. You're now logged out on every device.",
  }),
  support_account_locked: (model) => {
    const until = detail(model, "until");
    return {
      subject: "Your Moos account was locked",
      what: until
        ? `Moos's customer service just locked your account until ${formatNoticeInstant("en", model, until)}. Until then you can't log in. All your sessions were ended.`
        : "Moos's customer service just locked your account. You can't log in until the lock is lifted. All your sessions were ended.",
    };
  },
  support_account_unlocked: () => ({
    subject: "Your Moos account is unlocked",
    what: "Moos's customer service just lifted the lock on your account. You can log in again.",
  }),
  support_name_corrected: (model) => ({
    subject: "Your name at Moos was corrected",
    what: `Moos's customer service just corrected the name in your account. It's now: ${detail(model, "name")}.`,
  }),
  support_second_factors_reset: () => ({
    subject: "Two-factor login at Moos was reset",
    what: "Moos's customer service just reset your account's two-factor login: the authenticator app, backup codes and security keys are removed. You now log in without a second factor and can set one up again in your settings.",
  }),
};

function device(model: SecurityNoticeModel): string {
  if (model.browser && model.os) return `${model.browser} on ${model.os}`;
  return model.browser ?? model.os ?? "unknown";
}

const signOff = ["Best wishes,", "The Moos team"];

function validity(model: SecurityNoticeModel): string {
  return `The link is valid for ${model.link_valid_days} ${model.link_valid_days === 1 ? "day" : "days"}.`;
}

function note(model: SecurityNoticeModel): string {
  return `You'll find every login and change of the last 90 days under "Account activity" in your settings: ${model.activity_url}`;
}

/** What the customer service did: no device or address (they are the staff member's). */
function supportNotice(model: SecurityNoticeModel, { subject, what }: Words): NoticeEmailWords {
  const when = `When: ${formatNoticeTime("en", model)}`;
  const common = { locale: "en" as const, subject, greeting: "Hi,", note: note(model), signOff };
  if (!model.link_url)
    return {
      ...common,
      paragraphs: [
        what,
        when,
        "If you have questions about it, please contact our customer service.",
      ],
    };
  return {
    ...common,
    paragraphs: [
      what,
      when,
      "Did you ask our customer service for this? Then there's nothing you need to do.",
    ],
    button: { label: "This wasn't me", url: model.link_url },
    after: [
      `If not: the button logs your account out on every device and lets you set a new password. ${validity(model)}`,
    ],
  };
}

export const email: EmailTemplate<SecurityNoticeModel> = noticeEmail((model) => {
  const said = words[model.event](model);
  if (isSupportEvent(model.event)) return supportNotice(model, said);
  const undo = model.event === "email_change_completed";
  return {
    locale: "en",
    subject: said.subject,
    greeting: "Hi,",
    paragraphs: [
      said.what,
      `When: ${formatNoticeTime("en", model)}`,
      `Device: ${device(model)}`,
      `IP address: ${model.ip_address || "unknown"}`,
      "Was this you? Then there's nothing you need to do.",
    ],
    ...(model.link_url ? { button: { label: "This wasn't me", url: model.link_url } } : {}),
    after: [
      undo
        ? `The button undoes the change: your account gets this address back, every device is logged out and you set a new password. ${validity(model)}`
        : `The button logs your account out on every device and lets you set a new password. ${validity(model)}`,
    ],
    note: note(model),
    signOff,
  };
});
