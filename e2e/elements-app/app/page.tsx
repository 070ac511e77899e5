import { getLogoutFlow, getServerSession } from "@ory/nextjs/app";
import type * as React from "react";

// The app's own page: who is signed in, with links to the account screens and to log out.
export default async function Home(): Promise<React.JSX.Element> {
  const session = await getServerSession();
  if (!session?.active) {
    return (
      <section>
        <h1>Not signed in</h1>
        <nav>
          <a href="/auth/login">Log in</a> · <a href="/auth/registration">Sign up</a>
        </nav>
      </section>
    );
  }
  const logout = await getLogoutFlow({ returnTo: "/" });
  const traits = session.identity?.traits as
    | { email?: string; name?: { first?: string; last?: string } }
    | undefined;
  return (
    <section>
      <h1>Signed in as {traits?.email}</h1>
      <p>
        Name: {traits?.name?.first} {traits?.name?.last}
      </p>
      <nav>
        <a href="/settings">Settings</a> · <a href={logout.logout_url}>Log out</a>
      </nav>
    </section>
  );
}
