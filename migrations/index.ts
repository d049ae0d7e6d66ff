// Every migration, in order: the app runs this list (no folder scan or per-file import at start-up, and a
// bundled server carries them). `npm run db:migration:create` writes a new file here; add it to the end of
// the list (migrations-list.test.ts fails until the list and the folder agree).
import type { Migration } from '@mikro-orm/migrations';
import { Migration20261121232307_initial } from './Migration20261121232307_initial.ts';
import { Migration20261122000126_outbox } from './Migration20261122000126_outbox.ts';
import { Migration20261123051352_articles } from './Migration20261123051352_articles.ts';
import { Migration20261124221514_family_accounts } from './Migration20261124221514_family_accounts.ts';
import { Migration20261124225500_puppy_photos } from './Migration20261124225500_puppy_photos.ts';
import { Migration20261124231500_documents } from './Migration20261124231500_documents.ts';
import { Migration20261124232000_article_attachments } from './Migration20261124232000_article_attachments.ts';
import { Migration20261124234500_parent_dog_photos } from './Migration20261124234500_parent_dog_photos.ts';
import { Migration20261125131936_applications } from './Migration20261125131936_applications.ts';
import { Migration20261125132009_dog_registry } from './Migration20261125132009_dog_registry.ts';
import { Migration20261125132015_newsletters } from './Migration20261125132015_newsletters.ts';
import { Migration20261125132425_portal } from './Migration20261125132425_portal.ts';
import { Migration20261126090000_media_chunks } from './Migration20261126090000_media_chunks.ts';
import { Migration20261128011500_verified_email } from './Migration20261128011500_verified_email.ts';
import { Migration20261128012500_dogs_private_until_featured } from './Migration20261128012500_dogs_private_until_featured.ts';
import { Migration20261128013000_outbox_claimed_by } from './Migration20261128013000_outbox_claimed_by.ts';
import { Migration20261128140000_messages } from './Migration20261128140000_messages.ts';
import { Migration20261128141000_contracts } from './Migration20261128141000_contracts.ts';
import { Migration20261128141100_outbox_attachments } from './Migration20261128141100_outbox_attachments.ts';
import { Migration20261128142000_payments } from './Migration20261128142000_payments.ts';
import { Migration20261128143000_visits } from './Migration20261128143000_visits.ts';
import { Migration20261128144000_health } from './Migration20261128144000_health.ts';
import { Migration20261128145000_push_subscriptions } from './Migration20261128145000_push_subscriptions.ts';
import { Migration20261128145100_puppy_update_key } from './Migration20261128145100_puppy_update_key.ts';
import { Migration20261128146000_list_indexes } from './Migration20261128146000_list_indexes.ts';
import { Migration20261128146100_search_trigram } from './Migration20261128146100_search_trigram.ts';
import { Migration20261128150000_message_uploads } from './Migration20261128150000_message_uploads.ts';
import { Migration20261128151000_kept_sale_records } from './Migration20261128151000_kept_sale_records.ts';
import { Migration20261128151100_contract_seal_waiting } from './Migration20261128151100_contract_seal_waiting.ts';
import { Migration20261128152000_visit_rules_and_exceptions } from './Migration20261128152000_visit_rules_and_exceptions.ts';
import { Migration20261128153000_health_go_home } from './Migration20261128153000_health_go_home.ts';
import { Migration20261128153100_health_care_keys } from './Migration20261128153100_health_care_keys.ts';
import { Migration20261128153200_health_protocols } from './Migration20261128153200_health_protocols.ts';
import { Migration20261128155000_search_trigram_everywhere } from './Migration20261128155000_search_trigram_everywhere.ts';
import { Migration20261128160000_keyset_indexes } from './Migration20261128160000_keyset_indexes.ts';
import { Migration20261128161000_today_indexes } from './Migration20261128161000_today_indexes.ts';
import { Migration20261128164000_outbox_templates } from './Migration20261128164000_outbox_templates.ts';
import { Migration20261128170000_public_blog_index } from './Migration20261128170000_public_blog_index.ts';
import { Migration20261207140000_contract_void_reason } from './Migration20261207140000_contract_void_reason.ts';
import { Migration20261207141000_outbox_lanes } from './Migration20261207141000_outbox_lanes.ts';
import { Migration20261207141100_contract_seal_claim } from './Migration20261207141100_contract_seal_claim.ts';
import { Migration20261207141500_session_ended_notify } from './Migration20261207141500_session_ended_notify.ts';
import { Migration20261207150000_temperament } from './Migration20261207150000_temperament.ts';
import { Migration20261207160000_imports } from './Migration20261207160000_imports.ts';
import { Migration20261207160000_picks } from './Migration20261207160000_picks.ts';
import { Migration20261207180000_site_state } from './Migration20261207180000_site_state.ts';
import { Migration20261207220000_application_children_activity } from './Migration20261207220000_application_children_activity.ts';
import { Migration20261207221000_settings_logo } from './Migration20261207221000_settings_logo.ts';
import { Migration20261207223000_push_pick_topic } from './Migration20261207223000_push_pick_topic.ts';

export const migrations: (new (...args: ConstructorParameters<typeof Migration>) => Migration)[] = [
  Migration20261121232307_initial,
  Migration20261122000126_outbox,
  Migration20261123051352_articles,
  Migration20261124221514_family_accounts,
  Migration20261124225500_puppy_photos,
  Migration20261124231500_documents,
  Migration20261124232000_article_attachments,
  Migration20261124234500_parent_dog_photos,
  Migration20261125131936_applications,
  Migration20261125132009_dog_registry,
  Migration20261125132015_newsletters,
  Migration20261125132425_portal,
  Migration20261126090000_media_chunks,
  Migration20261128011500_verified_email,
  Migration20261128012500_dogs_private_until_featured,
  Migration20261128013000_outbox_claimed_by,
  Migration20261128140000_messages,
  Migration20261128141000_contracts,
  Migration20261128141100_outbox_attachments,
  Migration20261128142000_payments,
  Migration20261128143000_visits,
  Migration20261128144000_health,
  Migration20261128145000_push_subscriptions,
  Migration20261128145100_puppy_update_key,
  Migration20261128146000_list_indexes,
  Migration20261128146100_search_trigram,
  Migration20261128150000_message_uploads,
  Migration20261128151000_kept_sale_records,
  Migration20261128151100_contract_seal_waiting,
  Migration20261128152000_visit_rules_and_exceptions,
  Migration20261128153000_health_go_home,
  Migration20261128153100_health_care_keys,
  Migration20261128153200_health_protocols,
  Migration20261128155000_search_trigram_everywhere,
  Migration20261128160000_keyset_indexes,
  Migration20261128161000_today_indexes,
  Migration20261128164000_outbox_templates,
  Migration20261128170000_public_blog_index,
  Migration20261207140000_contract_void_reason,
  Migration20261207141000_outbox_lanes,
  Migration20261207141100_contract_seal_claim,
  Migration20261207141500_session_ended_notify,
  Migration20261207150000_temperament,
  Migration20261207160000_imports,
  Migration20261207160000_picks,
  Migration20261207180000_site_state,
  Migration20261207220000_application_children_activity,
  Migration20261207221000_settings_logo,
  Migration20261207223000_push_pick_topic,
];
