/**
 * Every migration, in order. Forward-only: a released migration is never edited or removed; a change to the schema
 * is a new file that adds or transforms, and must run on SQLite and PostgreSQL alike.
 */
import type { Migration } from "kysely/migration";
import * as initial from "./0001-initial.ts";
import * as emailWorkerSetting from "./0002-email-worker-setting.ts";
import * as listOrderIndexes from "./0003-list-order-indexes.ts";
import * as markdownTexts from "./0004-markdown-texts.ts";
import * as images from "./0005-images.ts";
import * as siteContent from "./0006-site-content.ts";
import * as subscriptionsOutbox from "./0007-subscriptions-outbox.ts";
import * as eventCalendar from "./0008-event-calendar.ts";
import * as passwordResetRequests from "./0009-password-reset-requests.ts";
import * as people from "./0010-people.ts";
import * as publication from "./0011-publication.ts";
import * as demoPlaceholders from "./0013-demo-placeholders.ts";
import * as demoContent from "./0014-demo-content.ts";
import * as sitesParameters from "./0015-sites-parameters.ts";
import * as siteAdvisories from "./0016-site-advisories.ts";
import * as labFileMappings from "./0017-lab-file-mappings.ts";
import * as firstBeachName from "./0018-first-beach-name.ts";
import * as documentCategories from "./0019-document-categories.ts";
import * as eventTimes from "./0020-event-times.ts";
import * as boardPages from "./0021-board-pages.ts";
import * as contactMessages from "./0022-contact-messages.ts";
import * as siteSearch from "./0023-site-search.ts";

export const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-email-worker-setting": emailWorkerSetting,
  "0003-list-order-indexes": listOrderIndexes,
  "0004-markdown-texts": markdownTexts,
  "0005-images": images,
  "0006-site-content": siteContent,
  "0007-subscriptions-outbox": subscriptionsOutbox,
  "0008-event-calendar": eventCalendar,
  "0009-password-reset-requests": passwordResetRequests,
  "0010-people": people,
  "0011-publication": publication,
  "0013-demo-placeholders": demoPlaceholders,
  "0014-demo-content": demoContent,
  "0015-sites-parameters": sitesParameters,
  "0016-site-advisories": siteAdvisories,
  "0017-lab-file-mappings": labFileMappings,
  "0018-first-beach-name": firstBeachName,
  "0019-document-categories": documentCategories,
  "0020-event-times": eventTimes,
  "0021-board-pages": boardPages,
  "0022-contact-messages": contactMessages,
  "0023-site-search": siteSearch,
};
