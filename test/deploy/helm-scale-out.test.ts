// The chart's scale-out part: the API Deployment (`quire api`) and the worker Deployment
// (`quire worker`) on a shared PostgreSQL database, S3 storage and secret key. Rendered by the
// Go-template subset (go-template.ts); the pods' command lines are read by Quire's own command
// definitions and their environment by its settings, so a renamed flag, variable or setting
// fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { Command } from "commander";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parse as parseYaml } from "yaml";
import { registerApiCommand } from "../../src/cli/api.ts";
import { configFromFlags } from "../../src/cli/settings-options.ts";
import { registerWorkerCommand } from "../../src/cli/worker.ts";
import { type Config, SETTINGS, type SettingName } from "../../src/config/settings.ts";
import { JOB_KINDS } from "../../src/domain/job-queues.ts";
import { chart, type K8sObject, ROOT, render } from "./chart-objects.ts";
import { TemplateFailure } from "./go-template.ts";

const DATABASE_URL = "postgres://quire:s3cret@db.internal:5432/quire";
const STORAGE_URL = "s3://acme-quire/bundles?region=eu-west-1";
const SECRET_KEY = "k".repeat(48);
/** The Secrets the release's values name, as the cluster would hold them. */
const SECRETS: Record<string, Record<string, string>> = {
  "quire-database": { uri: DATABASE_URL },
  "quire-s3": { AWS_ACCESS_KEY_ID: "AKIAEXAMPLE", AWS_SECRET_ACCESS_KEY: "wJalrEXAMPLE" },
  "quire-secret-key": { QUIRE_SECRET_KEY: SECRET_KEY },
  "quire-model": { token: "sk-example" },
};
/** API and workers, everything shared taken from Secrets. */
const SCALE_OUT = {
  api: {
    enabled: true,
    replicas: 3,
    settings: { publicUrl: "https://quire.example.com", bundleLinkTtlSeconds: 900 },
  },
  worker: { enabled: true, replicas: 4, concurrency: 2 },
  database: { existingSecret: "quire-database", key: "uri", poolSize: 5 },
  storage: { url: STORAGE_URL, existingSecret: "quire-s3" },
  secretKey: { existingSecret: "quire-secret-key" },
  agent: {
    provider: "openai-compatible",
    model: "qwen2.5-coder:32b",
    baseUrl: "http://ollama.models:11434/v1",
    existingSecret: "quire-model",
    key: "token",
  },
};
/** Variables the chart may set that are not Quire settings: the S3 client's credentials. */
const AWS_VARIABLES = ["AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY"];

/** `overrides` merged over SCALE_OUT, maps key by key (as a second `-f` file would). */
function scaleOut(overrides: Record<string, Record<string, unknown>> = {}) {
  const values: Record<string, Record<string, unknown>> = structuredClone(SCALE_OUT);
  for (const [group, fields] of Object.entries(overrides))
    values[group] = { ...values[group], ...fields };
  return values;
}

function podOf(deployment: K8sObject): K8sObject {
  return deployment.spec.template.spec;
}

/** The container's environment as the kubelet makes it, with the Secrets above. */
function environmentOf(container: K8sObject): Record<string, string> {
  const environment: Record<string, string> = {};
  for (const variable of container.env as K8sObject[]) {
    expect(Object.hasOwn(environment, variable.name), `${variable.name} is set once`).toBe(false);
    const reference = variable.valueFrom?.secretKeyRef;
    if (reference) {
      const value = SECRETS[reference.name]?.[reference.key];
      expect(value, `the Secret ${reference.name} has the key ${reference.key}`).toBeDefined();
      environment[variable.name] = value as string;
    } else {
      expect(variable.value, `${variable.name} has a value`).toBeTypeOf("string");
      environment[variable.name] = variable.value;
    }
  }
  return environment;
}

/**
 * What Quire makes of a container: its command line parsed by the real `quire api` or
 * `quire worker` definition (unknown flags fail), and the configuration those flags and the
 * container's environment resolve to, as the command itself resolves it.
 */
async function quireReads(container: K8sObject) {
  const [binary, name, ...rest] = container.args as string[];
  expect(binary).toBe("quire");
  const program = new Command("quire").exitOverride().configureOutput({
    writeErr: () => {},
    writeOut: () => {},
  });
  registerApiCommand(program);
  registerWorkerCommand(program);
  const command = program.commands.find((candidate) => candidate.name() === name);
  expect(command, `quire ${name} exists`).toBeDefined();
  let flags: Record<string, unknown> = {};
  command?.action((options: Record<string, unknown>) => {
    flags = options;
  });
  await program.parseAsync(["node", "quire", name as string, ...rest]);

  // The process sees only the container's environment.
  for (const setting of Object.values(SETTINGS)) vi.stubEnv(setting.env, "");
  const environment = environmentOf(container);
  for (const [variable, value] of Object.entries(environment)) vi.stubEnv(variable, value);
  const config: Config = configFromFlags(flags, Object.keys(SETTINGS) as SettingName[]);
  return { flags, config, environment };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the Helm chart's API and worker Deployments", () => {
  it("renders both, scaled by their replicas, beside nothing else while staticExport is off", () => {
    const { objects, named } = render(scaleOut());
    expect(objects.map((object) => `${object.kind}/${object.metadata.name}`).sort()).toEqual([
      "Deployment/docs-quire-api",
      "Deployment/docs-quire-worker",
      "Service/docs-quire-api",
    ]);
    expect(named("Deployment", "docs-quire-api").spec.replicas).toBe(3);
    expect(named("Deployment", "docs-quire-worker").spec.replicas).toBe(4);
    const scaled = render(scaleOut({ api: { replicas: 1 }, worker: { replicas: 12 } }));
    expect(scaled.named("Deployment", "docs-quire-api").spec.replicas).toBe(1);
    expect(scaled.named("Deployment", "docs-quire-worker").spec.replicas).toBe(12);
    // Off by default, both of them.
    expect((chart.defaultValues.api as K8sObject).enabled).toBe(false);
    expect((chart.defaultValues.worker as K8sObject).enabled).toBe(false);
    // Beside the serving Deployment when that is on too.
    const all = render({
      ...scaleOut(),
      staticExport: { enabled: true, bundleUrl: "https://x/y" },
    });
    expect(
      all
        .ofKind("Deployment")
        .map((object) => object.metadata.name)
        .sort(),
    ).toEqual(["docs-quire", "docs-quire-api", "docs-quire-worker"]);
    for (const object of all.objects)
      expect(object.metadata.labels).toMatchObject({
        "app.kubernetes.io/name": "quire",
        "app.kubernetes.io/instance": "docs",
        "app.kubernetes.io/managed-by": "Helm",
      });
  });

  it("runs `quire api --no-workers` and `quire worker --kinds … --concurrency …`, as Quire reads them", async () => {
    const rendered = render(scaleOut());
    const api = podOf(rendered.named("Deployment", "docs-quire-api")).containers[0];
    expect(api.args).toEqual([
      "quire",
      "api",
      "--host",
      "0.0.0.0",
      "--port",
      "8080",
      "--no-workers",
    ]);
    const fromApi = await quireReads(api);
    expect(fromApi.config.host).toBe("0.0.0.0");
    expect(fromApi.config.port).toBe(api.ports[0].containerPort);
    expect(fromApi.config.workers).toBe(false);

    const worker = podOf(rendered.named("Deployment", "docs-quire-worker")).containers[0];
    expect(worker.args).toEqual([
      "quire",
      "worker",
      "--kinds",
      "export,agent",
      "--concurrency",
      "2",
    ]);
    const fromWorker = await quireReads(worker);
    expect(String(fromWorker.flags.kinds).split(",")).toEqual([...JOB_KINDS]);
    expect(fromWorker.flags.concurrency).toBe("2");

    // Without a concurrency, the per-kind settings decide; one kind is `--kinds agent`.
    const agentsOnly = render(scaleOut({ worker: { kinds: ["agent"], concurrency: "" } }));
    const agents = podOf(agentsOnly.named("Deployment", "docs-quire-worker")).containers[0];
    expect(agents.args).toEqual(["quire", "worker", "--kinds", "agent"]);
    const fromAgents = await quireReads(agents);
    expect(fromAgents.flags.concurrency).toBeUndefined();
    expect(fromAgents.config.agentConcurrency).toBe(2);
  });

  it("gives the pods the settings of values.yaml, by the variables of src/config/settings.ts", async () => {
    const rendered = render(scaleOut());
    const api = await quireReads(
      podOf(rendered.named("Deployment", "docs-quire-api")).containers[0],
    );
    const worker = await quireReads(
      podOf(rendered.named("Deployment", "docs-quire-worker")).containers[0],
    );
    // Each group's settings, under Quire's names, reach Quire as those settings.
    const apiSettings = {
      ...(chart.defaultValues.api as K8sObject).settings,
      ...SCALE_OUT.api.settings,
    };
    for (const [name, value] of Object.entries(apiSettings))
      expect(api.config[name as SettingName], `api.settings.${name}`).toBe(value);
    for (const [name, value] of Object.entries((chart.defaultValues.worker as K8sObject).settings))
      expect(worker.config[name as SettingName], `worker.settings.${name}`).toBe(value);
    // And the shared ones, in both.
    for (const { config } of [api, worker]) {
      expect(config.dataDir).toBe("/data");
      expect(config.databaseUrl).toBe(DATABASE_URL);
      expect(config.databasePoolSize).toBe(5);
      expect(config.storageUrl).toBe(STORAGE_URL);
      expect(config.secretKey).toBe(SECRET_KEY);
      expect(config.agentProvider).toBe("openai-compatible");
      expect(config.agentModel).toBe("qwen2.5-coder:32b");
      expect(config.agentBaseUrl).toBe("http://ollama.models:11434/v1");
    }
    // Every variable set is one Quire reads (or the S3 client's credentials).
    const known = new Set([
      ...Object.values(SETTINGS).map((setting) => setting.env),
      ...AWS_VARIABLES,
    ]);
    for (const { environment } of [api, worker])
      expect(Object.keys(environment).filter((name) => !known.has(name))).toEqual([]);
    // Where settings.ts names the S3 credentials' variables, they are the ones set here.
    for (const variable of AWS_VARIABLES) expect(SETTINGS.storageUrl.doc).toContain(variable);
  });

  it("takes the database URL, the S3 keys, the secret key and the model's key from the Secrets named", () => {
    const rendered = render(scaleOut());
    const references = (deployment: K8sObject) =>
      Object.fromEntries(
        (podOf(deployment).containers[0].env as K8sObject[])
          .filter((variable) => variable.valueFrom)
          .map((variable) => [variable.name, variable.valueFrom.secretKeyRef]),
      );
    const shared = {
      [SETTINGS.databaseUrl.env]: { name: "quire-database", key: "uri" },
      AWS_ACCESS_KEY_ID: { name: "quire-s3", key: "AWS_ACCESS_KEY_ID" },
      AWS_SECRET_ACCESS_KEY: { name: "quire-s3", key: "AWS_SECRET_ACCESS_KEY" },
      [SETTINGS.secretKey.env]: { name: "quire-secret-key", key: "QUIRE_SECRET_KEY" },
    };
    // The API pods run no agent jobs here: they never see the model's key.
    expect(references(rendered.named("Deployment", "docs-quire-api"))).toEqual(shared);
    expect(references(rendered.named("Deployment", "docs-quire-worker"))).toEqual({
      ...shared,
      [SETTINGS.agentApiKey.env]: { name: "quire-model", key: "token" },
    });
    // No secret is written into the rendered objects.
    const text = [...rendered.files.values()].join("\n");
    for (const secret of Object.values(SECRETS).flatMap((secret) => Object.values(secret)))
      expect(text).not.toContain(secret);

    // Workers for exports only get no model key; without storage credentials, no AWS_*.
    const exportsOnly = render(
      scaleOut({ worker: { kinds: ["export"] }, storage: { existingSecret: "" } }),
    );
    const names = (
      podOf(exportsOnly.named("Deployment", "docs-quire-worker")).containers[0].env as K8sObject[]
    ).map((variable) => variable.name);
    expect(names).not.toContain(SETTINGS.agentApiKey.env);
    expect(names.filter((name) => name.startsWith("AWS_"))).toEqual([]);

    // A plain database.url (tests, no password) is a plain value.
    const plain = render(
      scaleOut({ database: { existingSecret: "", url: "postgres://quire@db:5432/quire" } }),
    );
    const url = (
      podOf(plain.named("Deployment", "docs-quire-api")).containers[0].env as K8sObject[]
    ).find((variable) => variable.name === SETTINGS.databaseUrl.env);
    expect(url).toEqual({ name: "QUIRE_DATABASE_URL", value: "postgres://quire@db:5432/quire" });
  });

  it("lets the API pods run the jobs themselves while the worker Deployment is off", async () => {
    const rendered = render(scaleOut({ worker: { enabled: false } }));
    expect(rendered.ofKind("Deployment").map((object) => object.metadata.name)).toEqual([
      "docs-quire-api",
    ]);
    const api = podOf(rendered.one("Deployment")).containers[0];
    expect(api.args).not.toContain("--no-workers");
    const { config, environment } = await quireReads(api);
    expect(config.workers).toBe(true);
    expect(environment[SETTINGS.agentApiKey.env]).toBe("sk-example");
    expect(rendered.notes).toMatch(/each also running export and agent jobs/);
  });

  it("probes the API's /healthz and /readyz on its port; the workers serve nothing", () => {
    const rendered = render(scaleOut({ api: { port: 9090 } }));
    const api = podOf(rendered.named("Deployment", "docs-quire-api")).containers[0];
    expect(api.ports).toEqual([{ name: "http", containerPort: 9090, protocol: "TCP" }]);
    expect(api.args.slice(api.args.indexOf("--port"), api.args.indexOf("--port") + 2)).toEqual([
      "--port",
      "9090",
    ]);
    expect(api.livenessProbe.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(api.readinessProbe.httpGet).toEqual({ path: "/readyz", port: "http" });
    // Migrations run before the process listens: liveness waits for the start-up probe.
    expect(api.startupProbe.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(
      api.startupProbe.periodSeconds * api.startupProbe.failureThreshold,
    ).toBeGreaterThanOrEqual(120);
    const service = rendered.one("Service");
    const pods = rendered.named("Deployment", "docs-quire-api");
    expect(service.spec.selector).toEqual(pods.spec.selector.matchLabels);
    expect(pods.spec.template.metadata.labels).toMatchObject(service.spec.selector);
    expect(service.spec.ports).toEqual([
      { name: "http", port: 80, targetPort: "http", protocol: "TCP" },
    ]);
    // The Service picks the API pods only.
    const workers = rendered.named("Deployment", "docs-quire-worker");
    expect(workers.spec.template.metadata.labels).not.toMatchObject(service.spec.selector);
    const worker = podOf(workers).containers[0];
    expect(worker.ports).toBeUndefined();
    expect(worker.livenessProbe).toBeUndefined();
    expect(worker.readinessProbe).toBeUndefined();
    // A new API pod is ready before an old one goes.
    expect(pods.spec.strategy).toEqual({
      type: "RollingUpdate",
      rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
    });
  });

  it("runs both as the serving pods do: non-root, read-only root, /data and /tmp as emptyDirs", async () => {
    const rendered = render({
      ...scaleOut(),
      staticExport: { enabled: true, bundleUrl: "https://x/y" },
    });
    const serve = podOf(rendered.named("Deployment", "docs-quire"));
    for (const name of ["docs-quire-api", "docs-quire-worker"]) {
      const pod = podOf(rendered.named("Deployment", name));
      const [container] = pod.containers;
      expect(pod.securityContext, name).toEqual(serve.securityContext);
      expect(container.securityContext, name).toEqual(serve.containers[0].securityContext);
      expect(container.securityContext).toMatchObject({
        runAsNonRoot: true,
        readOnlyRootFilesystem: true,
        allowPrivilegeEscalation: false,
      });
      expect(pod.automountServiceAccountToken).toBe(false);
      expect(container.image).toBe(serve.containers[0].image);
      // The data dir Quire resolves, and /tmp (agent checkouts, rendered pages), are writable.
      const { config } = await quireReads(container);
      for (const writable of [config.dataDir, "/tmp"]) {
        const mount = container.volumeMounts.find(
          (candidate: K8sObject) => candidate.mountPath === writable,
        );
        expect(mount, `${name} mounts ${writable}`).toBeDefined();
        expect(mount.readOnly).toBeFalsy();
        const volume = pod.volumes.find((candidate: K8sObject) => candidate.name === mount.name);
        expect(volume.emptyDir, `${name}: ${writable} is an emptyDir`).toBeDefined();
      }
    }
    const worker = podOf(rendered.named("Deployment", "docs-quire-worker"));
    expect(worker.volumes).toEqual([
      { name: "data", emptyDir: { sizeLimit: "8Gi" } },
      { name: "tmp", emptyDir: { sizeLimit: "4Gi" } },
    ]);
    expect(worker.containers[0].resources).toEqual(
      (chart.defaultValues.worker as K8sObject).resources,
    );
  });

  it("gives a stopping pod longer than QUIRE_SHUTDOWN_GRACE before it is killed", async () => {
    for (const grace of [10, 60, 600]) {
      const rendered = render(
        scaleOut({
          api: { settings: { shutdownGraceSeconds: grace } },
          worker: { settings: { shutdownGraceSeconds: grace } },
        }),
      );
      for (const name of ["docs-quire-api", "docs-quire-worker"]) {
        const pod = podOf(rendered.named("Deployment", name));
        const { config } = await quireReads(pod.containers[0]);
        expect(config.shutdownGraceSeconds).toBe(grace);
        // The grace, then handing jobs back and closing the database.
        expect(pod.terminationGracePeriodSeconds).toBeGreaterThanOrEqual(grace + 20);
      }
    }
    // As shipped, the workers let a running export finish for a minute.
    const pod = podOf(render(scaleOut()).named("Deployment", "docs-quire-worker"));
    expect(pod.terminationGracePeriodSeconds).toBeGreaterThan(60);
  });

  it("refuses to render pods that would each keep their own database, bundles or key", () => {
    const refusal = (values: Record<string, unknown>) => {
      try {
        render(values);
      } catch (error) {
        expect(error).toBeInstanceOf(TemplateFailure);
        return (error as Error).message;
      }
      throw new Error(`rendered: ${JSON.stringify(values)}`);
    };
    const noDatabase = { database: { existingSecret: "", url: "" } };
    // Enabling the API, or the workers, without a database.
    const apiOnly = refusal(scaleOut({ ...noDatabase, worker: { enabled: false } }));
    expect(apiOnly).toMatch(/need a PostgreSQL database: set database\.existingSecret/);
    expect(apiOnly).toMatch(
      /SQLite database is a file in one pod's \/data: several pods cannot share it/,
    );
    expect(refusal(scaleOut({ ...noDatabase, api: { enabled: false } }))).toBe(apiOnly);
    // The defaults with api on: the same message, nothing else first.
    expect(refusal({ api: { enabled: true } })).toBe(apiOnly);
    // An SQLite file named as the URL, for one replica or several.
    for (const replicas of [1, 3])
      for (const url of ["/data/quire.db", "sqlite:///data/quire.db"])
        expect(
          refusal(
            scaleOut({
              database: { existingSecret: "", url },
              api: { replicas },
              worker: { enabled: false },
            }),
          ),
        ).toMatch(/database\.url must be a postgres:\/\/ URL: .*several pods cannot share it/);
    expect(
      refusal(scaleOut({ database: { existingSecret: "quire-database", url: DATABASE_URL } })),
    ).toMatch(/database: give existingSecret or url, not both/);
    // postgresql:// is PostgreSQL too.
    expect(() =>
      render(scaleOut({ database: { existingSecret: "", url: "postgresql://db/quire" } })),
    ).not.toThrow();
    // Bundles in a pod's /data, or each pod with a key of its own.
    for (const url of ["", "/data/objects", "file:///data/objects"])
      expect(refusal(scaleOut({ storage: { url } }))).toMatch(
        /need storage\.url, an s3:\/\/BUCKET\/PREFIX\?region=\.\.\. URL/,
      );
    expect(refusal(scaleOut({ secretKey: { existingSecret: "" } }))).toMatch(
      /need secretKey\.existingSecret, a Secret with QUIRE_SECRET_KEY: every API and worker pod/,
    );
    // Workers with no kind, or one Quire does not know.
    expect(refusal(scaleOut({ worker: { kinds: [] } }))).toMatch(/worker\.kinds is empty/);
    expect(refusal(scaleOut({ worker: { kinds: ["export", "exports"] } }))).toMatch(
      /worker\.kinds: unknown job kind "exports" \(known: export, agent\)/,
    );
    // None of this is asked of a chart that only serves a bundle.
    expect(() =>
      render({ staticExport: { enabled: true, bundleUrl: "https://x/y" } }),
    ).not.toThrow();
  });

  it("routes an enabled api.ingress to the API's Service, and names the API's URL in NOTES.txt", () => {
    const plain = render(scaleOut());
    expect(plain.ofKind("Ingress")).toEqual([]);
    expect(plain.notes).toMatch(/The admin API runs as docs-quire-api: 3 pods serving HTTP only/);
    expect(plain.notes).toMatch(/Its URL: https:\/\/quire\.example\.com\//);
    expect(plain.notes).toMatch(
      /The workers run as docs-quire-worker: 4 pods running export, agent jobs/,
    );
    expect(plain.notes).not.toMatch(/staticExport\.enabled is false/);

    const unnamed = render(scaleOut({ api: { settings: { publicUrl: "" } } }));
    expect(unnamed.notes).toMatch(
      /kubectl --namespace web port-forward service\/docs-quire-api 8080:80/,
    );

    const rendered = render(
      scaleOut({
        api: {
          ingress: {
            enabled: true,
            className: "nginx",
            annotations: {},
            hosts: [{ host: "api.docs.example.org", paths: [{ path: "/", pathType: "Prefix" }] }],
            tls: [{ secretName: "api-tls", hosts: ["api.docs.example.org"] }],
          },
        },
      }),
    );
    const ingress = rendered.one("Ingress");
    const service = rendered.one("Service");
    expect(ingress.metadata.name).toBe("docs-quire-api");
    expect(ingress.spec.ingressClassName).toBe("nginx");
    expect(ingress.spec.tls).toEqual([{ secretName: "api-tls", hosts: ["api.docs.example.org"] }]);
    expect(ingress.spec.rules).toEqual([
      {
        host: "api.docs.example.org",
        http: {
          paths: [
            {
              path: "/",
              pathType: "Prefix",
              backend: { service: { name: service.metadata.name, port: { number: 80 } } },
            },
          ],
        },
      },
    ]);
    expect(rendered.notes).toMatch(/https:\/\/api\.docs\.example\.org\//);
  });

  it("keeps the API's and workers' names within 63 characters", () => {
    const release = { Name: "a".repeat(70), Namespace: "web" };
    const { named } = render(scaleOut(), release);
    const api = named("Deployment", `${"a".repeat(59)}-api`);
    const worker = named("Deployment", `${"a".repeat(56)}-worker`);
    for (const object of [api, worker]) expect(object.metadata.name.length).toBe(63);
  });
});

describe("the README's example of API and workers", () => {
  const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("**API and workers**"));

  it("renders, with the Secrets its commands make", async () => {
    const file = /```yaml\n# quire-values\.yaml\n([\s\S]*?)```/.exec(section)?.[1];
    expect(file, "the README's quire-values.yaml").toBeDefined();
    const rendered = render(parseYaml(file as string), { Name: "quire", Namespace: "docs" });
    const api = rendered.named("Deployment", "quire-api");
    const worker = rendered.named("Deployment", "quire-worker");
    expect(api.spec.replicas).toBe(2);
    expect(worker.spec.replicas).toBe(3);
    expect(rendered.one("Ingress").spec.rules[0].host).toBe("quire.example.com");
    // Every Secret key the pods read is one the README's `kubectl create secret` makes.
    const commands = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? "";
    const made = new Set(
      [
        ...commands
          .replaceAll("\\\n", " ")
          .matchAll(/kubectl create secret generic (\S+)([^\n]*)/g),
      ].flatMap((match) =>
        [...(match[2] as string).matchAll(/--from-literal=([A-Za-z_]+)=/g)].map(
          (literal) => `${match[1]}/${literal[1]}`,
        ),
      ),
    );
    for (const deployment of [api, worker])
      for (const variable of podOf(deployment).containers[0].env as K8sObject[]) {
        const reference = variable.valueFrom?.secretKeyRef;
        if (reference) expect(made).toContain(`${reference.name}/${reference.key}`);
      }
    expect(section).toContain("kubectl exec deployment/quire-api -- quire orgs create");
  });
});
