import type { Route } from "./+types/the-lake";
import lakeMapImage from "#content/images/lake-map.svg";
import { BeachStatusBox, GeometricMeanNote, StaleWarning } from "#app/beach/BeachStatusBox.tsx";
import { ReadingsChart } from "#app/beach/ReadingsChart.tsx";
import { ReadingsTable } from "#app/beach/ReadingsTable.tsx";
import { SubscribeForm } from "#app/mail/SubscribeForm.tsx";
import { loadSiteSections } from "#app/beach/site-sections.server.ts";
import { siteSectionsHtml } from "#app/beach/site-sections-html.server.tsx";
import { getServices } from "#app/web/context.server.ts";
import { useLiveUpdates } from "#app/platform/http/live-updates.ts";
import { beachState } from "#app/beach/state.ts";
import { getAssociationDetails } from "#app/site/data/association.server.ts";
import { Picture } from "#app/ui/Picture.tsx";
import { getImage } from "#app/platform/files/images.server.ts";
import { questions } from "#app/site/data/site-content.server.ts";
import { getPageImageIds, getPageTexts, parseFacts } from "#app/site/data/page-texts.server.ts";
import { fillNumbers, getAssociationNumbers } from "#app/site/data/governance.server.ts";
import { htmlFor, markdownFor } from "#app/platform/http/page-html.server.ts";
import { Markdown, RenderedHtml } from "#app/ui/Markdown.tsx";
import { pageMeta } from "#app/platform/http/meta.ts";
import { CACHEABLE_PAGE } from "#app/platform/http/route-handle.ts";
import { addJsonLd } from "#app/platform/http/head-extras.server.ts";
import { lakeOpenDataFor } from "#app/beach/open-data-sources.server.ts";
import { LakeMap } from "#app/beach/LakeMap.tsx";
import { loadLakeMap } from "#app/beach/lake-map.server.tsx";

/** The same page for every visitor: the public page cache may keep it. */
export const handle = { ...CACHEABLE_PAGE, subscribeForm: true };

/** Feed readers find the readings' feed from the page's head. */
export const links: Route.LinksFunction = () => [{ rel: "alternate", type: "application/atom+xml", href: "/beach.atom", title: "Beach readings (Atom)" }];

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "The Lake", "Beach water quality (E. coli readings and the swimming status), lake facts and map, FAQ and advice on geese.");
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getServices(context);
  const md = markdownFor(context);
  const [details, faq, texts, ids, numbers, sites, openData, lakeMap] = await Promise.all([
    getAssociationDetails(db),
    questions.all(db),
    getPageTexts(db),
    getPageImageIds(db),
    getAssociationNumbers(db),
    // The spec's beach section is the first beach's, whichever site that is now (the board orders and removes sites).
    loadSiteSections(db),
    lakeOpenDataFor(db, config.publicUrl),
    loadLakeMap(db),
  ]);
  // Every long text with its placeholders ({duesDollars}, …) filled in.
  const fill = (text: string) => md(fillNumbers(text, numbers));
  const mapImage = await getImage(db, ids.mapImageId);
  // The lake, its sites and its results as structured data, in the head the server writes (not in the hydration data).
  addJsonLd(context, openData.jsonLd);
  return {
    readings: sites.first?.readings ?? [],
    // Without any beach (the Sites screen keeps one), nothing to show: no reading, no advisory.
    beach: sites.first?.state ?? beachState(undefined, null, ""),
    // The other sites' sections as HTML written once (their markup; the hydration data holds a reference).
    sites: htmlFor(context)(siteSectionsHtml(sites.sections)),
    geometricMean: sites.first?.geometricMean ?? null,
    beachName: details.beachName,
    faq: faq.map((q) => ({ id: q.id, question: q.data.question, answer: fill(q.data.answer) })),
    learnMore: fill(texts.learnMore),
    intro: fill(texts.lakeIntro),
    facts: parseFacts(texts.lakeFacts),
    map: { alt: texts.mapAlt, caption: texts.mapCaption, image: mapImage ?? null },
    geese: texts.geeseAdvice ? { title: texts.geeseTitle || "Living with geese", advice: fill(texts.geeseAdvice) } : null,
    openData: { swimGuide: openData.swimGuide },
    lakeMap,
  };
}

export default function TheLake({ loaderData }: Route.ComponentProps) {
  const { readings, beach, geometricMean, map, geese } = loaderData;
  useLiveUpdates(["measurements"]);
  return (
    <div className="page">
      <h1>The Lake</h1>
      <section aria-labelledby="beach">
        <h2 id="beach">Beach conditions: {loaderData.beachName}</h2>
        {beach.latest === null ? (
          <p className="empty">No measurements found</p>
        ) : (
          <>
            <BeachStatusBox state={beach} />
            {beach.staleWarning && <StaleWarning />}
            {geometricMean && <GeometricMeanNote mean={geometricMean} />}
            <h3 className="muted spaced">
              The latest {readings.length} readings
            </h3>
            <ReadingsChart readings={readings} />
            <ReadingsTable readings={readings} caption={`The latest ${readings.length} E. coli readings`} />
          </>
        )}
        {loaderData.learnMore && (
          <details>
            <summary>Learn More</summary>
            <Markdown className="details-body" html={loaderData.learnMore} />
          </details>
        )}
        <h3 className="spaced" id="open-data">
          Open data
        </h3>
        <p>
          Every reading is free to reuse: as a spreadsheet (<a href="/data/beach-readings.csv">CSV</a>), as{" "}
          <a href="/data/beach-readings.json">JSON</a>,{" "}
          {/* Swim Guide reads swimguide.json only while a beach has a position (RecML requires one; decision 033). */}
          {loaderData.openData.swimGuide && (
            <>
              in the Swim Drink Fish open data format that Swim Guide reads (<a href="/data/swimguide.json">swimguide.json</a>),{" "}
            </>
          )}
          and as a feed of new readings (
          <a href="/beach.atom" type="application/atom+xml">
            Atom
          </a>
          ). Each reading gives its sample date, its E. coli count in CFU per 100 mL and its status (Open below 235, Caution
          from 235, Closed above 1000).
        </p>
      </section>

      {loaderData.sites && <RenderedHtml html={loaderData.sites} />}

      <SubscribeForm />

      <section aria-labelledby="facts">
        <h2 id="facts">Facts and figures</h2>
        <Markdown html={loaderData.intro} />
        <div className="grid two">
          <dl className="facts">
            {loaderData.facts.map((f) => (
              <div key={f.label} className="fact">
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
          {/* The bundled map is the demo lake's: shown only while its text alternative is set (an empty site has none). */}
          {(map.image || map.alt) && (
            <figure>
              {map.image ? (
                <Picture image={map.image} sizes="(min-width: 60rem) 28rem, 100vw" />
              ) : (
                <img src={lakeMapImage} alt={map.alt} width="640" height="420" loading="lazy" decoding="async" />
              )}
              {map.caption && <figcaption>{map.caption}</figcaption>}
            </figure>
          )}
        </div>
      </section>

      <LakeMap map={loaderData.lakeMap} />

      <section aria-labelledby="faq">
        <h2 id="faq">Frequently asked questions</h2>
        {loaderData.faq.length === 0 && <p className="empty">There are no questions here yet.</p>}
        {loaderData.faq.map((q) => (
          <details key={q.id} id={`faq-${q.id}`}>
            <summary>{q.question}</summary>
            <Markdown className="details-body" html={q.answer} />
          </details>
        ))}
      </section>

      {geese && (
        <section aria-labelledby="geese">
          <h2 id="geese">{geese.title}</h2>
          <Markdown html={geese.advice} />
        </section>
      )}
    </div>
  );
}
