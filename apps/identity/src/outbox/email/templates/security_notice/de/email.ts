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
  if (method === "totp") return "eine Authenticator-App";
  if (method === "lookup_secret") return "Backup-Codes";
  return `der Sicherheitsschlüssel „${detail(model, "name")}“`;
}

const words: Record<SecurityEventType, (model: SecurityNoticeModel) => Words> = {
  login_new_device: () => ({
    subject: "Neue Anmeldung bei deinem Moos-Konto",
    what: "jemand hat sich gerade bei deinem Moos-Konto angemeldet, mit einem Gerät, das wir bei dir noch nicht kannten.",
  }),
  password_changed: () => ({
    subject: "Dein Moos-Passwort wurde geändert",
    what: "das Passwort deines Moos-Kontos wurde gerade geändert.",
  }),
  recovery_used: () => ({
    subject: "Dein Moos-Konto wurde wiederhergestellt",
    what: "dein Moos-Konto wurde gerade über „Passwort vergessen?“ mit einem Code aus einer E-Mail an dich wiederhergestellt.",
  }),
  second_factor_added: (model) => ({
    subject: "Zwei-Faktor-Anmeldung bei Moos geändert",
    what: `für die Zwei-Faktor-Anmeldung deines Moos-Kontos wurde gerade Folgendes eingerichtet: ${secondFactor(model)}.`,
  }),
  second_factor_removed: (model) => ({
    subject: "Zwei-Faktor-Anmeldung bei Moos geändert",
    what: `aus der Zwei-Faktor-Anmeldung deines Moos-Kontos wurde gerade Folgendes entfernt: ${secondFactor(model)}.`,
  }),
  passkey_added: (model) => ({
    subject: "Neuer Passkey für dein Moos-Konto",
    what: `bei deinem Moos-Konto wurde gerade der Passkey „${detail(model, "name")}“ hinzugefügt.`,
  }),
  passkey_removed: (model) => ({
    subject: "Passkey aus deinem Moos-Konto entfernt",
    what: `aus deinem Moos-Konto wurde gerade der Passkey „${detail(model, "name")}“ entfernt.`,
  }),
  social_linked: (model) => ({
    subject: `Dein Moos-Konto ist jetzt mit ${detail(model, "provider_label")} verknüpft`,
    what: `dein Moos-Konto wurde gerade mit ${detail(model, "provider_label")} verknüpft. Damit kann man sich jetzt auch über ${detail(model, "provider_label")} anmelden.`,
  }),
  social_unlinked: (model) => ({
    subject: `Verknüpfung mit ${detail(model, "provider_label")} entfernt`,
    what: `die Verknüpfung deines Moos-Kontos mit ${detail(model, "provider_label")} wurde gerade entfernt.`,
  }),
  email_change_requested: (model) => ({
    subject: "Deine E-Mail-Adresse bei Moos soll geändert werden",
    what: `für dein Moos-Konto wurde gerade die neue E-Mail-Adresse ${detail(model, "new_address")} angegeben. Erst wenn sie mit dem Code bestätigt ist, den wir dorthin geschickt haben, gilt sie für die Anmeldung. Bis dahin bleibt alles, wie es ist.`,
  }),
  email_change_completed: (model) => ({
    subject: "Die E-Mail-Adresse deines Moos-Kontos wurde geändert",
    what: `die E-Mail-Adresse deines Moos-Kontos wurde gerade von ${detail(model, "old_address")} in ${detail(model, "new_address")} geändert. Angemeldet wird ab jetzt mit der neuen Adresse.`,
  }),
  email_change_undone: () => ({
    subject: "Die Änderung deiner E-Mail-Adresse wurde rückgängig gemacht",
    what: "die Änderung der E-Mail-Adresse deines Moos-Kontos wurde rückgängig gemacht.",
  }),
  not_me_reported: () => ({
    subject: "Dein Moos-Konto wurde überall abgemeldet",
    what: "du hast gemeldet, dass eine Änderung an deinem Konto nicht von dir war.",
  }),
  support_sessions_revoked: (model) => ({
    subject: "Der Kundenservice hat dich abgemeldet",
    what:
      detail(model, "scope") === "one"
        ? "der Kundenservice von Moos hat gerade eine deiner Sitzungen beendet. Auf dem Gerät dieser Sitzung bist du jetzt abgemeldet."
        : "der Kundenservice von Moos hat gerade alle deine Sitzungen beendet. Du bist jetzt auf allen Geräten abgemeldet.",
  }),
  support_account_locked: (model) => {
    const until = detail(model, "until");
    return {
      subject: "Dein Moos-Konto wurde gesperrt",
      what: until
        ? `der Kundenservice von Moos hat dein Konto gerade gesperrt, bis ${formatNoticeInstant("de", model, until)}. Bis dahin kannst du dich nicht anmelden. Alle deine Sitzungen wurden beendet.`
        : "der Kundenservice von Moos hat dein Konto gerade gesperrt. Bis die Sperre aufgehoben ist, kannst du dich nicht anmelden. Alle deine Sitzungen wurden beendet.",
    };
  },
  support_account_unlocked: () => ({
    subject: "Dein Moos-Konto ist wieder freigegeben",
    what: "der Kundenservice von Moos hat die Sperre deines Kontos gerade aufgehoben. Du kannst dich wieder anmelden.",
  }),
  support_name_corrected: (model) => ({
    subject: "Dein Name bei Moos wurde korrigiert",
    what: `der Kundenservice von Moos hat gerade den Namen in deinem Konto korrigiert. Er lautet jetzt: ${detail(model, "name")}.`,
  }),
  support_second_factors_reset: () => ({
    subject: "Zwei-Faktor-Anmeldung bei Moos zurückgesetzt",
    what: "der Kundenservice von Moos hat gerade die Zwei-Faktor-Anmeldung deines Kontos zurückgesetzt: Authenticator-App, Backup-Codes und Sicherheitsschlüssel sind entfernt. Du meldest dich jetzt ohne zweiten Faktor an und kannst ihn in deinen Einstellungen neu einrichten.",
  }),
};

function device(model: SecurityNoticeModel): string {
  if (model.browser && model.os) return `${model.browser} auf ${model.os}`;
  return model.browser ?? model.os ?? "unbekannt";
}

const signOff = ["Viele Grüße", "Dein Moos-Team"];

function validity(model: SecurityNoticeModel): string {
  return `Der Link ist ${model.link_valid_days} ${model.link_valid_days === 1 ? "Tag" : "Tage"} gültig.`;
}

function note(model: SecurityNoticeModel): string {
  return `Alle Anmeldungen und Änderungen der letzten 90 Tage findest du unter „Kontoaktivität“ in deinen Einstellungen: ${model.activity_url}`;
}

/** What the customer service did: no device or address (they are the staff member's). */
function supportNotice(model: SecurityNoticeModel, { subject, what }: Words): NoticeEmailWords {
  const when = `Wann: ${formatNoticeTime("de", model)}`;
  const common = { locale: "de" as const, subject, greeting: "Hallo,", note: note(model), signOff };
  if (!model.link_url)
    return {
      ...common,
      paragraphs: [
        what,
        when,
        "Wenn du Fragen dazu hast, wende dich bitte an unseren Kundenservice.",
      ],
    };
  return {
    ...common,
    paragraphs: [what, when, "Hast du den Kundenservice darum gebeten? Dann musst du nichts tun."],
    button: { label: "Das war ich nicht", url: model.link_url },
    after: [
      `Wenn nicht: Mit dem Knopf meldest du dein Konto auf allen Geräten ab und vergibst ein neues Passwort. ${validity(model)}`,
    ],
  };
}

export const email: EmailTemplate<SecurityNoticeModel> = noticeEmail((model) => {
  const said = words[model.event](model);
  if (isSupportEvent(model.event)) return supportNotice(model, said);
  const undo = model.event === "email_change_completed";
  return {
    locale: "de",
    subject: said.subject,
    greeting: "Hallo,",
    paragraphs: [
      said.what,
      `Wann: ${formatNoticeTime("de", model)}`,
      `Gerät: ${device(model)}`,
      `IP-Adresse: ${model.ip_address || "unbekannt"}`,
      "Warst du das? Dann musst du nichts tun.",
    ],
    ...(model.link_url ? { button: { label: "Das war ich nicht", url: model.link_url } } : {}),
    after: [
      undo
        ? `Mit dem Knopf machst du die Änderung rückgängig: Dein Konto bekommt wieder diese Adresse, alle Geräte werden abgemeldet und du vergibst ein neues Passwort. ${validity(model)}`
        : `Mit dem Knopf meldest du dein Konto auf allen Geräten ab und vergibst ein neues Passwort. ${validity(model)}`,
    ],
    note: note(model),
    signOff,
  };
});
