import type { SecurityEventType } from "../../../../../security/records.ts";
import { noticeEmail } from "../../notice-email.ts";
import type { EmailTemplate } from "../../template.ts";
import { detail, formatNoticeTime, type SecurityNoticeModel } from "../model.ts";

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
};

function device(model: SecurityNoticeModel): string {
  if (model.browser && model.os) return `${model.browser} auf ${model.os}`;
  return model.browser ?? model.os ?? "unbekannt";
}

export const email: EmailTemplate<SecurityNoticeModel> = noticeEmail((model) => {
  const { subject, what } = words[model.event](model);
  const undo = model.event === "email_change_completed";
  const days = `${model.link_valid_days} ${model.link_valid_days === 1 ? "Tag" : "Tage"}`;
  return {
    locale: "de",
    subject,
    greeting: "Hallo,",
    paragraphs: [
      what,
      `Wann: ${formatNoticeTime("de", model)}`,
      `Gerät: ${device(model)}`,
      `IP-Adresse: ${model.ip_address || "unbekannt"}`,
      "Warst du das? Dann musst du nichts tun.",
    ],
    button: { label: "Das war ich nicht", url: model.link_url },
    after: [
      undo
        ? `Mit dem Knopf machst du die Änderung rückgängig: Dein Konto bekommt wieder diese Adresse, alle Geräte werden abgemeldet und du vergibst ein neues Passwort. Der Link ist ${days} gültig.`
        : `Mit dem Knopf meldest du dein Konto auf allen Geräten ab und vergibst ein neues Passwort. Der Link ist ${days} gültig.`,
    ],
    note: `Alle Anmeldungen und Änderungen der letzten 90 Tage findest du unter „Kontoaktivität“ in deinen Einstellungen: ${model.activity_url}`,
    signOff: ["Viele Grüße", "Dein Moos-Team"],
  };
});
