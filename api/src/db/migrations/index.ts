/**
 * The ordered list of migrations, as a static map for Kysely's `Migrator` (no file-system
 * scanning, so it works the same from tsx, a bundle or a test). Kysely runs them in key order:
 * add `'0002_<name>': m0002` below when you add a migration file.
 */
import type { Migration } from 'kysely';
import * as m0001 from './0001_catalog.ts';
import * as m0002 from './0002_auth.ts';
import * as m0003 from './0003_site.ts';
import * as m0004 from './0004_selling.ts';
import * as m0005 from './0005_search_category.ts';
import * as m0006 from './0006_price_indexes.ts';
import * as m0007 from './0007_sessions.ts';
import * as m0008 from './0008_mail_outbox.ts';
import * as m0010 from './0010_moderation.ts';
import * as m0011 from './0011_reports.ts';
import * as m0012 from './0012_verified_students.ts';
import * as m0013 from './0013_listing_details.ts';
import * as m0014 from './0014_engagement.ts';
import * as m0015 from './0015_report_weight.ts';
import * as m0016 from './0016_releases.ts';
import * as m0017 from './0017_abuse.ts';
import * as m0018 from './0018_deals_reviews.ts';
import * as m0019 from './0019_safety_signals.ts';
import * as m0020 from './0020_saved_searches.ts';
import * as m0021 from './0021_course_codes_synonyms.ts';
import * as m0022 from './0022_list_indexes.ts';
import * as m0023 from './0023_saved_search_terms.ts';
import * as m0024 from './0024_jobs.ts';

export const migrations: Record<string, Migration> = {
  '0001_catalog': m0001,
  '0002_auth': m0002,
  '0003_site': m0003,
  '0004_selling': m0004,
  '0005_search_category': m0005,
  '0006_price_indexes': m0006,
  '0007_sessions': m0007,
  '0008_mail_outbox': m0008,
  '0010_moderation': m0010,
  '0011_reports': m0011,
  '0012_verified_students': m0012,
  '0013_listing_details': m0013,
  '0014_engagement': m0014,
  '0015_report_weight': m0015,
  '0016_releases': m0016,
  '0017_abuse': m0017,
  '0018_deals_reviews': m0018,
  '0019_safety_signals': m0019,
  '0020_saved_searches': m0020,
  '0021_course_codes_synonyms': m0021,
  '0022_list_indexes': m0022,
  '0023_saved_search_terms': m0023,
  '0024_jobs': m0024,
};
