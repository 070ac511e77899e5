// Ory's own current UI components (Ory Elements v1: @ory/elements-react with @ory/nextjs, in
// the peer app e2e/elements-app) against our identity service, as a new customer uses them, in
// both projects: through the app's @ory/nextjs proxy on one origin (`proxy`), and built, calling
// the service on another origin with CORS (`direct`). What is checked is what a person sees.

import { Mailbox } from "../support/mailbox.ts";
import { newPerson, texts } from "./elements-app.ts";
import { expect, test } from "./elements-test.ts";

test("registers in two steps with a password, verifies, logs out, fails and logs in", async ({
  app,
}) => {
  const person = newPerson();
  const mailbox = new Mailbox(person.email);

  await app.startRegistration(person);
  await app.registerWithPassword(person);
  await app.verify((await mailbox.nextCode()).code);
  await app.expectSignedIn(person.email);

  await app.logOut();
  await app.logIn(person.email, "Not-the-Password-1");
  await app.expectText(texts.invalidCredentials);
  await app.field("Password").fill(person.password);
  await app.button("Sign in").click();
  await app.expectSignedIn(person.email);
});

test("registers in two steps with a code from the email", async ({ app }) => {
  const person = newPerson();
  const mailbox = new Mailbox(person.email);

  await app.startRegistration(person);
  await app.registerWithCode(async () => (await mailbox.nextCode()).code);
  await app.expectSignedIn(person.email);
});

test("recovers by code, sets a new password, changes the name, logs in with the new password", async ({
  app,
}) => {
  const person = newPerson();
  const mailbox = new Mailbox(person.email);
  await app.startRegistration(person);
  await app.registerWithPassword(person);
  await app.verify((await mailbox.nextCode()).code);
  await app.logOut();

  await app.recover(person.email, async () => (await mailbox.nextCode()).code);
  // A recovery ends in settings, signed in.
  await expect(app.field("First Name")).toHaveValue(person.firstName);
  const newPassword = "Neuer-Farn-im-Topf-2027";
  await app.changePassword(newPassword);
  await app.changeFirstName("Lina");

  await app.logOut();
  await app.logIn(person.email, newPassword);
  await app.expectSignedIn(person.email, "Lina Moos");
});
