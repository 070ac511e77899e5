"use client";

import type * as React from "react";
import { Button } from "../../../../components/button";
import { useToast } from "../../../../components/toast";

export function ToastDemo(): React.JSX.Element {
  const toast = useToast();
  return (
    <div className="flex flex-wrap gap-3">
      <Button
        variant="secondary"
        onClick={() => toast.show({ title: "Deine Änderungen sind gespeichert." })}
      >
        Toast (4000 ms)
      </Button>
      <Button
        variant="secondary"
        onClick={() =>
          toast.show({
            title: "Deine E-Mail-Adresse ist bestätigt.",
            description: "Schön, dass du da bist.",
            durationMs: 5000,
          })
        }
      >
        Toast mit Text (5000 ms)
      </Button>
    </div>
  );
}
