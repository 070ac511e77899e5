import { notFound } from "next/navigation";

// Every path under a language that no screen claims: the language's 404 screen.
export default function Page(): never {
  notFound();
}
