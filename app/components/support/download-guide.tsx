import { useTranslation } from "~/utils/translator";
import { dynamicKey } from "~/utils/translation-keys";

type AppLink = { platform: "ios" | "android" | "other"; url: string };

/** Adding the site to the home screen: the steps of Android Chrome and of iOS Safari. */
export function HomeScreenSteps({ siteTitle }: { siteTitle: string }) {
  const { t } = useTranslation("support");
  const guides = [
    { id: "android", heading: t("download.android_title"), steps: ["android_step1", "android_step2", "android_step3"] },
    { id: "ios", heading: t("download.ios_title"), steps: ["ios_step1", "ios_step2", "ios_step3"] },
  ];
  return (
    <>
      {guides.map((guide) => (
        <section key={guide.id} className="card" aria-labelledby={`download-${guide.id}`}>
          <h2 id={`download-${guide.id}`}>{guide.heading}</h2>
          <ol className="steps">
            {guide.steps.map((step) => (
              <li key={step}>{t(dynamicKey(`download.${step}`), { site: siteTitle })}</li>
            ))}
          </ol>
        </section>
      ))}
    </>
  );
}

/** The site's native apps, when the operator has configured any. */
export function AppLinks({ links }: { links: AppLink[] }) {
  const { t } = useTranslation("support");
  if (links.length === 0) return null;
  return (
    <section className="card" aria-labelledby="download-apps">
      <h2 id="download-apps">{t("download.apps_title")}</h2>
      <ul className="app-links">
        {links.map((link) => (
          <li key={link.url}>
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="button"
              data-testid={`app-link-${link.platform}`}
            >
              {t(`download.app_${link.platform}`)}
              <span className="visually-hidden"> {t("contact.new_tab")}</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
