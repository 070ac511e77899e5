import type * as React from "react";

/** Hidden inputs for what a form must send back (the CSRF token, the language, ids). */
export function HiddenFields({
  values,
}: {
  values: Readonly<Record<string, string | undefined>>;
}): React.JSX.Element {
  return (
    <>
      {Object.entries(values).map(([name, value]) =>
        value === undefined ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
    </>
  );
}
