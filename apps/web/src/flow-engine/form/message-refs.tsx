"use client";

// Which fields the flow's own messages are about (a wrong password, a wrong code): the screen
// knows the messages, the forms deep below it know the fields. Field name -> the id of the
// message's element, for aria-describedby.

import * as React from "react";

export type MessageRefs = Readonly<Record<string, string>>;

const MessageRefsContext = React.createContext<MessageRefs>({});

export function MessageRefsProvider({
  refs,
  children,
}: {
  refs: MessageRefs;
  children?: React.ReactNode;
}): React.JSX.Element {
  return <MessageRefsContext value={refs}>{children}</MessageRefsContext>;
}

export function useMessageRefs(): MessageRefs {
  return React.use(MessageRefsContext);
}
