// The Helm chart in deploy/helm/quire, checked without helm (there is none here): its values
// against the templates that use them, and its templates rendered by the subset renderer in
// go-template.ts, then read as Kubernetes objects. Where helm exists, the workflow example runs
// `helm lint --strict` and `helm template` on the same chart.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml, stringify as stringifyYaml } from "yaml";
import { resolveConfig, SETTINGS, type SettingName } from "../../src/config/settings.ts";
import { parseValues } from "../../src/serve/values-file.ts";
import {
  CHART_DIR,
  chart,
  type K8sObject,
  ROOT,
  render,
  valuesReferences,
} from "./chart-objects.ts";

const VALUES_TEXT = readFileSync(path.join(CHART_DIR, "values.yaml"), "utf8");
const LINK =
  "https://quire.example.com/downloads/exports/exp_1/docs.tar.gz?expires=1900000000&signature=abc";
const ENABLED = { staticExport: { enabled: true, bundleUrl: LINK } };
const SHA256 = createHash("sha256").update("a bundle").digest("hex");

/** Paths of every leaf of a values tree (an empty map or list counts as a leaf). */
function leaves(value: unknown, prefix: string[] = []): string[][] {
  if (value && typeof value === "object" && !Array.isArray(value) && Object.keys(value).length)
    return Object.entries(value).flatMap(([key, child]) => leaves(child, [...prefix, key]));
  return [prefix];
}

describe("the Helm chart", () => {
  it("is a v2 chart whose appVersion, the default image tag, is Quire's version", () => {
    const metadata = parseYaml(readFileSync(path.join(CHART_DIR, "Chart.yaml"), "utf8"));
    expect(metadata.apiVersion).toBe("v2");
    expect(metadata.name).toBe("quire");
    expect(metadata.type).toBe("application");
    expect(metadata.version).toMatch(/^\d+\.\d+\.\d+(-[\w.]+)?$/);
    const packageJson = JSON.parse(readFileSync(path.join(ROOT, "package.json"), "utf8"));
    expect(metadata.appVersion).toBe(packageJson.version);
    const deployment = render(ENABLED).one("Deployment");
    const { repository } = chart.defaultValues.image as { repository: string };
    expect(deployment.spec.template.spec.containers[0].image).toBe(
      `${repository}:${packageJson.version}`,
    );
  });

  it("holds the values file's staticExport group as it is, with the optional sha256 after it, off by default", () => {
    expect(chart.defaultValues.staticExport).toEqual({
      enabled: false,
      bundleUrl: "",
      version: "",
      sha256: "",
    });
    // In the documented order (docs/values-file.md), then Quire's sha256.
    expect(Object.keys(chart.defaultValues.staticExport as object)).toEqual([
      "enabled",
      "bundleUrl",
      "version",
      "sha256",
    ]);
  });

  it("names in its templates only values that values.yaml has", () => {
    const references = valuesReferences();
    expect(references.length).toBeGreaterThan(30);
    const missing = references.filter(({ path: keys }) => {
      let node: unknown = chart.defaultValues;
      for (const key of keys) {
        if (!node || typeof node !== "object" || !Object.hasOwn(node, key)) return true;
        node = (node as Record<string, unknown>)[key];
      }
      return false;
    });
    expect(
      missing.map(({ file, path: keys }) => `${file}: .Values.${keys.join(".")}`),
      "values the templates use but values.yaml lacks",
    ).toEqual([]);
  });

  it("uses every value of values.yaml", () => {
    const used = valuesReferences().map(({ path: keys }) => keys.join("."));
    const unused = leaves(chart.defaultValues)
      .map((keys) => keys.join("."))
      .filter(
        (leaf) => !used.some((reference) => leaf === reference || leaf.startsWith(`${reference}.`)),
      );
    expect(unused, "values no template reads").toEqual([]);
  });

  it("renders nothing to deploy while staticExport.enabled is false, and says how to turn it on", () => {
    const { objects, notes } = render();
    expect(objects).toEqual([]);
    expect(notes).toMatch(/staticExport\.enabled is false/);
    expect(notes).toMatch(/--set staticExport\.enabled=true --set-string staticExport\.bundleUrl=/);
  });

  it("writes a values file that quire serve reads, where the Deployment's --values points", () => {
    const { one } = render({ staticExport: { enabled: true, bundleUrl: LINK, version: "2.10" } });
    const configMap = one("ConfigMap");
    const deployment = one("Deployment");
    const pod = deployment.spec.template.spec;
    const [container] = pod.containers;
    const args: string[] = container.args;
    expect(args.slice(0, 2)).toEqual(["quire", "serve"]);
    const flag = (name: string) => args[args.indexOf(name) + 1];

    // --values names a key of the ConfigMap, in the folder its volume is mounted at.
    const valuesPath = flag("--values") as string;
    const valuesVolume = pod.volumes.find(
      (volume: K8sObject) => volume.configMap?.name === configMap.metadata.name,
    );
    expect(valuesVolume, "a volume of the ConfigMap").toBeDefined();
    const valuesMount = container.volumeMounts.find(
      (mount: K8sObject) => mount.name === valuesVolume.name,
    );
    expect(valuesMount.readOnly).toBe(true);
    expect(path.posix.dirname(valuesPath)).toBe(valuesMount.mountPath);
    const file = configMap.data[path.posix.basename(valuesPath)];
    expect(file, `the ConfigMap has the key ${path.posix.basename(valuesPath)}`).toBeTypeOf(
      "string",
    );
    expect(parseValues(file, valuesPath, {})).toEqual({
      enabled: true,
      bundleUrl: LINK,
      version: "2.10",
      sha256: null,
    });
    // Unpinned, the default "" is no version (and "" no checksum).
    const unpinned = render(ENABLED).one("ConfigMap").data[path.posix.basename(valuesPath)];
    expect(parseValues(unpinned, valuesPath, {})).toEqual({
      enabled: true,
      bundleUrl: LINK,
      version: null,
      sha256: null,
    });
    // The archive's SHA-256, as the bundle call reports it, reaches quire serve.
    const checked = render({ staticExport: { enabled: true, bundleUrl: LINK, sha256: SHA256 } });
    expect(
      parseValues(checked.one("ConfigMap").data[path.posix.basename(valuesPath)], valuesPath, {})
        .sha256,
    ).toBe(SHA256);

    // `--set staticExport.version=2024` makes a number; the file still holds the string.
    const numeric = render({ staticExport: { enabled: true, bundleUrl: LINK, version: 2024 } });
    expect(
      parseValues(numeric.one("ConfigMap").data[path.posix.basename(valuesPath)], valuesPath, {})
        .version,
    ).toBe("2024");

    // --data-dir is a writable volume; /tmp too: the root filesystem is read-only.
    const mountOf = (mountPath: string) =>
      container.volumeMounts.find((mount: K8sObject) => mount.mountPath === mountPath);
    const volumeOf = (mount: K8sObject) =>
      pod.volumes.find((volume: K8sObject) => volume.name === mount.name);
    for (const writable of [flag("--data-dir") as string, "/tmp"]) {
      const mount = mountOf(writable);
      expect(mount, `${writable} is mounted`).toBeDefined();
      expect(mount.readOnly).toBeFalsy();
      expect(volumeOf(mount).emptyDir, `${writable} is an emptyDir`).toBeDefined();
    }
    expect(flag("--port")).toBe(String(container.ports[0].containerPort));
    expect(flag("--keep")).toBe("3");
    expect(flag("--host")).toBe("0.0.0.0");
  });

  it("gives the serving pods the model only when serve.assistant is enabled, with its limits", () => {
    const envOf = (overrides: Record<string, unknown>) => {
      const [container] = render(overrides).one("Deployment").spec.template.spec.containers;
      return Object.fromEntries(
        (container.env as K8sObject[]).map((entry) => [entry.name, entry.value ?? entry.valueFrom]),
      );
    };
    const agent = {
      provider: "openai-compatible",
      model: "qwen2.5:14b",
      baseUrl: "http://ollama.models:11434/v1",
      existingSecret: "model-key",
    };
    const off = envOf({ ...ENABLED, agent });
    expect(Object.keys(off).filter((name) => /AGENT|ASSISTANT/.test(name))).toEqual([]);
    const on = envOf({ ...ENABLED, agent, serve: { assistant: { enabled: true, perMinute: 4 } } });
    expect(on).toMatchObject({
      QUIRE_AGENT_PROVIDER: "openai-compatible",
      QUIRE_AGENT_MODEL: "qwen2.5:14b",
      QUIRE_AGENT_BASE_URL: "http://ollama.models:11434/v1",
      QUIRE_AGENT_API_KEY: { secretKeyRef: { name: "model-key", key: "QUIRE_AGENT_API_KEY" } },
      QUIRE_ASSISTANT_PER_MINUTE: "4",
      QUIRE_ASSISTANT_TIMEOUT: "60",
    });
    // What quire serve reads from them: a complete model and the limits.
    const config = resolveConfig({}, { ...on, QUIRE_AGENT_API_KEY: "secret" } as Record<
      string,
      string
    >);
    expect(config.assistantPerMinute).toBe(4);
    expect(config.agentModel).toBe("qwen2.5:14b");
  });

  it("probes /healthz for liveness and /readyz for readiness, with time for the first download", () => {
    const container = render(ENABLED).one("Deployment").spec.template.spec.containers[0];
    const http = container.ports.find((port: K8sObject) => port.name === "http");
    expect(http).toBeDefined();
    expect(container.livenessProbe.httpGet).toEqual({ path: "/healthz", port: "http" });
    expect(container.readinessProbe.httpGet).toEqual({ path: "/readyz", port: "http" });
    // Liveness only starts once a version is active: a slow download is not a dead process.
    expect(container.startupProbe.httpGet).toEqual({ path: "/readyz", port: "http" });
    const patience = container.startupProbe.periodSeconds * container.startupProbe.failureThreshold;
    expect(patience).toBeGreaterThanOrEqual(300);
  });

  it("rolls the pods when bundleUrl, version or sha256 changes, and only then", () => {
    const checksum = (overrides: Record<string, unknown>) => {
      const rendered = render(overrides);
      const annotation =
        rendered.one("Deployment").spec.template.metadata.annotations["checksum/values"];
      // It is the hash of the rendered ConfigMap, as `include … | sha256sum` makes it.
      expect(annotation).toBe(
        createHash("sha256")
          .update(rendered.files.get("configmap.yaml") as string)
          .digest("hex"),
      );
      return annotation;
    };
    const base = checksum(ENABLED);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    expect(
      checksum({ staticExport: { enabled: true, bundleUrl: LINK.replace("abc", "def") } }),
    ).not.toBe(base);
    expect(checksum({ staticExport: { enabled: true, bundleUrl: LINK, version: "7" } })).not.toBe(
      base,
    );
    expect(checksum({ staticExport: { enabled: true, bundleUrl: LINK, sha256: SHA256 } })).not.toBe(
      base,
    );
    expect(checksum({ ...ENABLED, serve: { replicas: 5 } })).toBe(base);
  });

  it("runs the pods as the image's non-root user with a read-only root and no capabilities", () => {
    const deployment = render(ENABLED).one("Deployment");
    const pod = deployment.spec.template.spec;
    const security = pod.containers[0].securityContext;
    expect(security).toMatchObject({
      runAsNonRoot: true,
      readOnlyRootFilesystem: true,
      allowPrivilegeEscalation: false,
      capabilities: { drop: ["ALL"] },
      seccompProfile: { type: "RuntimeDefault" },
    });
    expect(security.runAsUser).toBeGreaterThan(0);
    expect(pod.securityContext).toMatchObject({
      runAsNonRoot: true,
      runAsUser: security.runAsUser,
      fsGroup: expect.any(Number),
      seccompProfile: { type: "RuntimeDefault" },
    });
    expect(pod.automountServiceAccountToken).toBe(false);
    // New pods are ready before old ones go: the site keeps serving through a roll-out.
    expect(deployment.spec.strategy).toEqual({
      type: "RollingUpdate",
      rollingUpdate: { maxSurge: 1, maxUnavailable: 0 },
    });
  });

  it("selects the serving pods with its Service, and routes an enabled Ingress to it", () => {
    const off = render(ENABLED);
    expect(off.ofKind("Ingress")).toEqual([]);
    const rendered = render({
      ...ENABLED,
      ingress: {
        enabled: true,
        className: "nginx",
        hosts: [{ host: "docs.example.org", paths: [{ path: "/", pathType: "Prefix" }] }],
        tls: [{ secretName: "docs-tls", hosts: ["docs.example.org"] }],
      },
    });
    const deployment = rendered.one("Deployment");
    const service = rendered.one("Service");
    const podLabels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(service.spec.selector);
    expect(podLabels).toMatchObject(service.spec.selector);
    expect(service.spec.ports).toEqual([
      { name: "http", port: 80, targetPort: "http", protocol: "TCP" },
    ]);
    const ingress = rendered.one("Ingress");
    expect(ingress.spec.ingressClassName).toBe("nginx");
    expect(ingress.spec.tls).toEqual([{ secretName: "docs-tls", hosts: ["docs.example.org"] }]);
    expect(ingress.spec.rules).toEqual([
      {
        host: "docs.example.org",
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
    expect(rendered.notes).toMatch(/https:\/\/docs\.example\.org\//);
  });

  it("keeps /data on a PersistentVolumeClaim when asked, replacing pods one claim at a time", () => {
    const rendered = render({ ...ENABLED, serve: { persistence: { enabled: true } } });
    const claim = rendered.one("PersistentVolumeClaim");
    expect(claim.spec.resources.requests.storage).toBe("4Gi");
    const deployment = rendered.one("Deployment");
    expect(deployment.spec.strategy).toEqual({ type: "Recreate" });
    const data = deployment.spec.template.spec.volumes.find(
      (volume: K8sObject) => volume.name === "data",
    );
    expect(data).toEqual({
      name: "data",
      persistentVolumeClaim: { claimName: claim.metadata.name },
    });
    const existing = render({
      ...ENABLED,
      serve: { persistence: { enabled: true, existingClaim: "quire-docs-data" } },
    });
    expect(existing.ofKind("PersistentVolumeClaim")).toEqual([]);
    expect(
      existing
        .one("Deployment")
        .spec.template.spec.volumes.find((volume: K8sObject) => volume.name === "data"),
    ).toEqual({ name: "data", persistentVolumeClaim: { claimName: "quire-docs-data" } });
  });

  it("gives every object the release's name and labels", () => {
    const { objects } = render({
      ...ENABLED,
      ingress: { enabled: true },
      serve: { persistence: { enabled: true } },
    });
    expect(objects.map((object) => object.kind).sort()).toEqual([
      "ConfigMap",
      "Deployment",
      "Ingress",
      "PersistentVolumeClaim",
      "Service",
    ]);
    for (const object of objects) {
      expect(object.metadata.name).toBe("docs-quire");
      expect(object.metadata.labels).toMatchObject({
        "app.kubernetes.io/name": "quire",
        "app.kubernetes.io/instance": "docs",
        "app.kubernetes.io/managed-by": "Helm",
      });
    }
  });

  it("reads values.yaml's own staticExport group, turned on with a link, with Quire's parser", () => {
    const group = {
      ...(chart.defaultValues.staticExport as object),
      enabled: true,
      bundleUrl: LINK,
    };
    const file = stringifyYaml({ staticExport: group });
    expect(parseValues(file, "values.yaml", {})).toEqual({
      enabled: true,
      bundleUrl: LINK,
      version: null,
      sha256: null,
    });
    // And as shipped (off, empty link), it is a valid values file that serves nothing.
    expect(parseValues(VALUES_TEXT, "values.yaml", {})).toEqual({
      enabled: false,
      bundleUrl: null,
      version: null,
      sha256: null,
    });
  });

  it("records the API's and the workers' settings by Quire's names and variables", () => {
    for (const group of ["api", "worker"]) {
      const { settings } = chart.defaultValues[group] as { settings: Record<string, unknown> };
      const names = Object.keys(settings);
      expect(names.length, `${group}.settings`).toBeGreaterThanOrEqual(5);
      for (const name of names)
        expect(Object.keys(SETTINGS), `${group}.settings.${name} is a setting of Quire`).toContain(
          name,
        );
      // The variable named beside each key is that setting's.
      const block = VALUES_TEXT.slice(VALUES_TEXT.indexOf(`\n${group}:\n`)).split(
        "\n  settings:\n",
      )[1] as string;
      for (const name of names) {
        const line = new RegExp(`^    ${name}: [^\\n]*# (QUIRE_[A-Z_]+)`, "m").exec(block);
        expect(line, `${group}.settings.${name} names its variable`).not.toBeNull();
        expect(line?.[1]).toBe(SETTINGS[name as SettingName].env);
      }
      // Quire accepts the group as settings.
      const given = Object.entries(settings).filter(([, value]) => value !== "");
      const config = resolveConfig(
        Object.fromEntries(given.map(([name, value]) => [name, String(value)])),
        {},
      );
      for (const [name, value] of given) expect(config[name as SettingName]).toEqual(value);
    }
    // The API's are Quire's defaults; the workers' too, but for a longer shutdown grace (a
    // rolled worker lets its export finish rather than hand it back).
    const defaults = (group: string, except: string[] = []) =>
      Object.entries((chart.defaultValues[group] as { settings: Record<string, unknown> }).settings)
        .filter(([name, value]) => value !== "" && !except.includes(name))
        .map(([name, value]) => [name, value, SETTINGS[name as SettingName].default]);
    for (const [name, value, quireDefault] of defaults("api"))
      expect(value, `api.settings.${name}`).toEqual(quireDefault);
    for (const [name, value, quireDefault] of defaults("worker", ["shutdownGraceSeconds"]))
      expect(value, `worker.settings.${name}`).toEqual(quireDefault);
  });
});
