// Ordered migrations, embedded as strings so they ship inside the bundled server.
import init from './0001_init';
import security from './0002_security';
import events from './0003_events';
import reports from './0004_reports';
import jobs from './0005_jobs';
import builder from './0006_builder';
import eventSeen from './0007_event_seen';
import fileUploadTickets from './0008_file_upload_tickets';
import securityRound2 from './0010_security_round2';
import invalidTraffic from './0011_invalid_traffic';
import breakdowns from './0012_breakdowns';
import apiTokens from './0013_api_tokens';
import vastMeasurement from './0014_vast_measurement';
import identityLimits from './0016_identity_limits';
import rollupGrains from './0017_rollup_grains';
import campaignRollups from './0018_campaign_rollups';
import userAdmin from './0019_user_admin';
import fleet from './0020_fleet';
import auditLog from './0021_audit_log';
import campaignArchive from './0022_campaign_archive';
import placements from './0023_placements';
import abTests from './0024_ab_tests';
import alerts from './0025_alerts';
import conversions from './0026_conversions';
import fairJobs from './0027_fair_jobs';
import conversionSecurity from './0030_conversion_security';
import deliveryRules from './0033_delivery_rules';
import shareLinkCosts from './0036_share_link_costs';
import frequencyDevices from './0042_frequency_devices';
import adFrequency from './0043_ad_frequency';
import retention from './0044_retention';
import requestFacts from './0045_request_facts';
import conversionRefusalCounts from './0046_conversion_refusal_counts';
import reachSketches from './0047_reach_sketches';
import campaignPause from './0048_campaign_pause';
import advertisers from './0049_advertisers';
import budgetAlerts from './0050_budget_alerts';
import creativeQa from './0051_creative_qa';
import creativeApproval from './0052_creative_approval';
import clientAccess from './0053_client_access';
import reachReadDays from './0054_reach_read_days';
import { eventTypesMigration } from './event-types';
import { requestFactColumnsMigration } from './request-fact-columns';

export interface Migration {
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [
  { name: '0001_init', sql: init },
  { name: '0002_security', sql: security },
  { name: '0003_events', sql: events },
  { name: '0004_reports', sql: reports },
  { name: '0005_jobs', sql: jobs },
  { name: '0006_builder', sql: builder },
  { name: '0007_event_seen', sql: eventSeen },
  { name: '0008_file_upload_tickets', sql: fileUploadTickets },
  { name: '0010_security_round2', sql: securityRound2 },
  { name: '0011_invalid_traffic', sql: invalidTraffic },
  { name: '0012_breakdowns', sql: breakdowns },
  { name: '0013_api_tokens', sql: apiTokens },
  { name: '0014_vast_measurement', sql: vastMeasurement },
  { name: '0016_identity_limits', sql: identityLimits },
  { name: '0017_rollup_grains', sql: rollupGrains },
  { name: '0018_campaign_rollups', sql: campaignRollups },
  { name: '0019_user_admin', sql: userAdmin },
  { name: '0020_fleet', sql: fleet },
  { name: '0021_audit_log', sql: auditLog },
  { name: '0022_campaign_archive', sql: campaignArchive },
  { name: '0023_placements', sql: placements },
  { name: '0024_ab_tests', sql: abTests },
  { name: '0025_alerts', sql: alerts },
  { name: '0026_conversions', sql: conversions },
  { name: '0027_fair_jobs', sql: fairJobs },
  { name: '0030_conversion_security', sql: conversionSecurity },
  { name: '0033_delivery_rules', sql: deliveryRules },
  { name: '0036_share_link_costs', sql: shareLinkCosts },
  { name: '0042_frequency_devices', sql: frequencyDevices },
  { name: '0043_ad_frequency', sql: adFrequency },
  { name: '0044_retention', sql: retention },
  { name: '0045_request_facts', sql: requestFacts },
  { name: '0046_conversion_refusal_counts', sql: conversionRefusalCounts },
  { name: '0047_reach_sketches', sql: reachSketches },
  { name: '0048_campaign_pause', sql: campaignPause },
  { name: '0049_advertisers', sql: advertisers },
  { name: '0050_budget_alerts', sql: budgetAlerts },
  { name: '0051_creative_qa', sql: creativeQa },
  { name: '0052_creative_approval', sql: creativeApproval },
  { name: '0053_client_access', sql: clientAccess },
  { name: '0054_reach_read_days', sql: reachReadDays },
  // After the numbered ones: the forecast's history's fact columns, written from the domain's list.
  requestFactColumnsMigration,
  // Always last: the events' type check written from the domain's list (event-types.ts).
  eventTypesMigration,
];
