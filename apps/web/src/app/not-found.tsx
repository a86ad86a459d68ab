import { redirect } from "next/navigation";

/** Spec 000 §2.1: anything else redirects to /error. */
export default function NotFound() {
  redirect("/error");
}
