import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { SectionPlaceholder } from "~/components/section-placeholder";
import { requireUser } from "~/server/page.server";

export const handle = { titleKey: "services.title" };

/** /services: a placeholder until the services issue (document 3) brings the list. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireUser(context, request);
  return data({});
}

export default function Services() {
  return (
    <section className="page">
      <SectionPlaceholder titleKey="services.title" textKey="services.soon" />
    </section>
  );
}
