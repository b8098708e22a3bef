// The HTTP application: envelope and error handling, CSRF defence on every state-changing request,
// security headers, sessions, the API routes under /api (each declared from the domain's contract),
// files under /api/uploads, the OpenAPI document, and the built console with an SPA fallback.

import { existsSync } from 'node:fs';
import path from 'node:path';
import { codeForStatus, notFoundMessage, servingUrlWarning } from '@adconsole/domain';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import { type AppOptions, openAppContext } from './app-context';
import type { Config } from './config';
import type { Context } from './context';
import { registerApiRoutes } from './http/api-routes';
import { clientErrorInEnvelope } from './http/client-errors';
import { registerConsoleFiles } from './http/console-files';
import { frameworkErrorInEnvelope, registerErrorEnvelope } from './http/errors';
import { SIGNED_IN_BODY_LIMIT } from './http/request-bodies';
import type { RouteDef } from './http/routes';
import { registerSecurityHooks } from './http/security-headers';
import { firstViews, sharedPageInCampaignZone, sharedReportPages } from './http/server-view';
import { signedInPages } from './http/signed-in-pages';
import { buildOpenApi } from './openapi';
import { registerSignedFiles } from './routes/file-manager';
import { allRoutes } from './routes/index';
import { registerReportMailLinks } from './routes/report-mail';
import { registerServing } from './routes/serve';
import { registerUploads } from './routes/uploads';
import { alertMails } from './services/alerts/alert-mail';
import { alertEvaluation } from './services/alerts/evaluate';
import { auditLogSweep } from './services/audit/retention';
import { creativeQaJobs } from './services/campaigns/creative-qa';
import { conversionSweep } from './services/conversions/sweep';
import { rawEventsSweep } from './services/events/raw-events-sweep';
import { requestFactsSweep } from './services/events/request-facts';
import { loginAttemptsSweep } from './services/identity/login-limit';
import { JobRunner } from './services/jobs/runner';
import { outboundSweep } from './services/outbound/retention';
import { webhookDeliveries, webhookTests } from './services/outbound/webhooks';
import { reportDeliveryJobs } from './services/reports/delivery-jobs';
import { deviceHistorySweep } from './services/serving/device-histories';
import { expiredFileSweep } from './services/stored-files/file-rows';
import { publicConfigOf } from './services/system/public-config';

export { type AppOptions, prepareDatabase } from './app-context';
export { consolePolicy } from './http/security-headers';

declare module 'fastify' {
  interface FastifyInstance {
    adconsole: Context;
    jobs: JobRunner;
  }
}

/** Fastify itself: logging without client addresses, body limits, proxies, errors in the envelope. */
function createServer(config: Config, options: AppOptions): FastifyInstance {
  return Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            // No client address in any log line (serving stores no raw IP anywhere): a request logs its
            // method and path only, whatever logs it (docs/serving.md, "Privacy signals").
            serializers: { req: (request: FastifyRequest) => ({ method: request.method, url: request.url }) },
            ...(options.logStream ? { stream: options.logStream } : {}),
          },
    bodyLimit: SIGNED_IN_BODY_LIMIT,
    // What the HTTP parser refuses (an address over 16 KB, a broken request line) in the envelope too.
    clientErrorHandler: clientErrorInEnvelope,
    // One line per request is noise for a console server; errors are still logged.
    logController: new LogController({ disableRequestLogging: true }),
    // Only the proxies TRUST_PROXY names may set X-Forwarded-For: the per-IP limits read the address.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // The router's own refusals (a malformed URL such as /api/%zz) answer in the envelope too.
    frameworkErrors: frameworkErrorInEnvelope,
  });
}

export async function buildApp(config: Config, options: AppOptions = {}): Promise<FastifyInstance> {
  const app = createServer(config, options);
  const log = (line: string) => app.log.info(line);
  // Said once at start, where an operator looks: platforms refuse tags served from a non-https origin.
  const insecureServing = servingUrlWarning(config.adServingUrl);
  if (insecureServing) app.log.warn(insecureServing);
  const { ctx, close } = await openAppContext(config, options, log, (line) => app.log.warn(line));
  app.decorate('adconsole', ctx);
  // Scheduled reports and other background work, shared by every process through the jobs table.
  const jobs = new JobRunner(ctx, [
    reportDeliveryJobs,
    expiredFileSweep,
    webhookDeliveries,
    webhookTests,
    alertEvaluation,
    alertMails,
    loginAttemptsSweep,
    conversionSweep,
    requestFactsSweep,
    deviceHistorySweep,
    // What privacy keeps for a while only (docs/privacy.md, "What is stored, and for how long").
    rawEventsSweep,
    auditLogSweep,
    outboundSweep,
    // Each creative measured in Chromium (docs/builder.md, "Creative QA").
    creativeQaJobs,
  ]);
  app.decorate('jobs', jobs);
  if (config.jobPollSeconds > 0) app.addHook('onReady', async () => jobs.start(config.jobPollSeconds * 1000));
  // One hook, in the order shutdown needs (Fastify runs separate onClose hooks last added first, which
  // once closed the database before the event writer's last flush): mail still on its way after its
  // answer, then the jobs, then ad requests counted and events still held by the writer, then the stores.
  // Each step runs whatever the one before it met (a store refusing the last ad request counts must not
  // keep the events and the database open); the first failure is thrown once all have run.
  app.addHook('onClose', async () => {
    const steps: (() => Promise<unknown>)[] = [
      () => ctx.background.settled(),
      () => jobs.stop(),
      () => ctx.reportWorker.close(),
      () => ctx.conversions.close(),
      () => ctx.deviceHistories.settle(),
      () => ctx.events.requests.close(),
      () => ctx.events.requestFacts.close(),
      async () => ctx.events.bus?.close(),
      () => ctx.events.writer.close(),
      close,
    ];
    let failure: unknown;
    for (const step of steps) await step().catch((error: unknown) => (failure ??= error));
    if (failure !== undefined) throw failure;
  });

  await app.register(fastifyCookie);
  // Answers above 1 KB (JSON, VAST, CSV) go out in brotli or gzip as the client accepts; the console's
  // files come pre-compressed from its build and carry their Content-Encoding already, so they pass.
  await app.register(fastifyCompress, { threshold: 1024, encodings: ['br', 'gzip'] });
  registerSecurityHooks(app, ctx);
  registerErrorEnvelope(app);

  const routes: RouteDef[] = allRoutes;
  await registerApiRoutes(app, ctx, routes);
  registerUploads(app, ctx);
  registerReportMailLinks(app, ctx);
  await registerSignedFiles(app, ctx);
  registerServing(app, ctx);
  const openApi = buildOpenApi(routes, config);
  app.get('/api/openapi.json', async () => openApi);
  await registerPagesAndNotFound(app, ctx, routes);
  return app;
}

/** The built console's pages (an SPA fallback for any other GET outside /api and /serve), else a 404. */
async function registerPagesAndNotFound(
  app: FastifyInstance,
  ctx: Context,
  routes: RouteDef[],
): Promise<void> {
  const { config } = ctx;
  const consoleExists = existsSync(path.join(config.consoleDir, 'index.html'));
  const consoleFiles = consoleExists
    ? await registerConsoleFiles(app, config.consoleDir, {
        config: publicConfigOf(config),
        publicUrl: config.publicUrl,
        firstView: firstViews(await sharedReportPages(ctx, routes), await signedInPages(ctx)),
        movedTo: (request) =>
          sharedPageInCampaignZone(ctx, request).catch((error: unknown) => {
            // The page is then served where it was asked for, in UTC.
            request.log.error({ err: error }, "the share page's zone was not read");
            return undefined;
          }),
      })
    : undefined;
  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split('?')[0] ?? '';
    if (
      consoleFiles &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api') &&
      !pathname.startsWith('/serve')
    ) {
      return consoleFiles.sendPage(request, reply);
    }
    return reply
      .code(404)
      .send({ status: 404, code: codeForStatus(404), message: notFoundMessage(request.method, pathname) });
  });
}
