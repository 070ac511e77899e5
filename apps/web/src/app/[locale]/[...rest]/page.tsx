import { notFound } from "next/navigation";

// Any path no screen claims: the localized 404 page.
export default function CatchAll(): never {
  notFound();
}
