// A spec field is one entry of the run-field table: add one to a copy of the table, and `pnpm bench`
// parses its flag and lists it in --help, the runner's POST /api/runs accepts it, and the "New run"
// form has its input, values, checks and overrides. Nothing else is written for it.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  corePresets,
  defineRunField,
  getPreset,
  parseCount,
  rangeText,
  runFields,
  runSpecSchemaOf,
  specBounds,
  type RunPresets,
  type RunSpec,
} from "@relix/core";
import { parseCliArgs, type CliRun } from "@relix/runner/src/cli/args";
import { flagsOf } from "@relix/runner/src/cli/flags";
import { renderHelp } from "@relix/runner/src/cli/help";
import { UsageError } from "@relix/runner/src/cli/usage-error";
import { sendError } from "@relix/runner/src/server/http/error-response";
import { silentLogger } from "@relix/runner/src/server/logger";
import type { AppParts } from "@relix/runner/src/server/http/route";
import { submitRunRouteWith } from "@relix/runner/src/server/routes/runs";
import { sharedPresets } from "@relix/runner/src/server/presets/shared-presets";
import { LoadFields } from "@/components/new-run/fields/LoadFields";
import { formFieldsOf } from "@/lib/spec-form/form-fields";
import { fieldOfPath, overridesOf, specFieldsFrom, validateForm, valuesFrom } from "@/lib/spec-form/spec-form";

const frameBound = { min: 1, max: 1000 };
const frameBytesField = defineRunField({
  key: "frameBytes",
  schema: z.number().int().min(frameBound.min).max(frameBound.max).default(16),
  cli: {
    flags: [
      {
        name: "frame-bytes",
        value: "N",
        example: "64",
        help: `bytes per frame of the framed workloads; ${rangeText(frameBound)}`,
      },
    ],
    read: (texts) => {
      const raw = texts.one("frame-bytes");
      return raw === undefined ? undefined : parseCount("frame-bytes", raw, frameBound);
    },
    show: String,
  },
  form: { input: "count", key: "frameBytes", id: "frameBytes", label: "Frame size, bytes", name: "Frame size" },
});
const fields = [...runFields, frameBytesField];
const schema = runSpecSchemaOf(fields);

/** The presets as they would be with the field in the real table: each preset's spec read by the copy's schema. */
const presets: RunPresets = {
  has: corePresets.has,
  list: corePresets.list,
  specFromPreset: (name, overrides) => {
    const { sweep: _sweep, ...spec } = getPreset(name).spec;
    return schema.parse({ ...spec, ...overrides, preset: name });
  },
};

const frameBytesOf = (spec: object) => (spec as { frameBytes?: number }).frameBytes;

describe("pnpm bench", () => {
  it("parses the new field's flag over a preset, with the default where it is not given", () => {
    const args = parseCliArgs(["--workloads", "noop", "--frame-bytes", "64"], { fields, presets }) as CliRun;
    expect(frameBytesOf(args.spec)).toBe(64);
    expect(frameBytesOf((parseCliArgs(["--workloads", "noop"], { fields, presets }) as CliRun).spec)).toBe(16);
  });

  it("refuses a value out of its bounds in one line naming the flag", () => {
    expect(() => parseCliArgs(["--frame-bytes", "5000"], { fields, presets })).toThrow(UsageError);
    expect(() => parseCliArgs(["--frame-bytes", "5000"], { fields, presets })).toThrow(
      '--frame-bytes "5000": must be from 1 to 1000',
    );
  });

  it("lists the flag with its help line in --help", () => {
    expect(renderHelp(flagsOf(fields))).toMatch(/--frame-bytes N\s+bytes per frame of the framed workloads; 1-1000/);
  });
});

describe("the runner's POST /api/runs", () => {
  let server: Server;
  let url: string;
  const submitted: RunSpec[] = [];
  const app = {
    service: {
      submit: async (spec: RunSpec) => {
        submitted.push(spec);
        return { id: `run${submitted.length}`, status: "queued", position: 0 };
      },
    },
    presets: sharedPresets,
    log: silentLogger,
  } as unknown as AppParts;

  beforeAll(async () => {
    const route = submitRunRouteWith(fields);
    server = createServer((req, res) => {
      route
        .handle({ req, res, url: new URL(req.url ?? "/", "http://localhost"), params: {}, app })
        .catch((error: unknown) => sendError(res, error, silentLogger));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/runs`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const post = (body: unknown) =>
    fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });

  it("accepts the new field and hands the run the spec with it", async () => {
    const response = await post({ spec: { workloads: ["noop"], frameBytes: 64 } });
    expect(response.status).toBe(202);
    expect(frameBytesOf(submitted.at(-1)!)).toBe(64);
  });

  it("answers a value out of bounds with 400 naming the field", async () => {
    const response = await post({ spec: { workloads: ["noop"], frameBytes: 5000 } });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { error: { fields: { path: string }[] } };
    expect(body.error.fields.map((f) => f.path)).toEqual(["spec.frameBytes"]);
  });
});

describe("the New run form", () => {
  const defaults = specFieldsFrom(schema.parse({ workloads: ["noop"] }), fields);
  const context = { bounds: { ...specBounds, frameBytes: frameBound }, workloadIds: ["noop"], cacheModes: ["warm"] };

  it("has an input for the field, marked by the runner's errors, with its default", () => {
    expect(formFieldsOf(fields)).toContain("frameBytes");
    expect(fieldOfPath("spec.frameBytes", fields)).toBe("frameBytes");
    expect(frameBytesOf(defaults)).toBe(16);
    expect(valuesFrom(defaults, fields)).toMatchObject({ frameBytes: "16" });
  });

  it("checks what is typed against the field's bounds and sends it only when changed", () => {
    const values = valuesFrom(defaults, fields);
    const bad = validateForm({ ...values, frameBytes: "5000" } as typeof values, context, fields);
    expect(bad.errors).toEqual({ frameBytes: "Frame size: must be between 1–1,000" });
    const good = validateForm({ ...values, frameBytes: "64" } as typeof values, context, fields);
    expect(good.errors).toEqual({});
    expect(overridesOf(good.fields, defaults, fields)).toEqual({ frameBytes: 64 });
  });

  it("renders the input with its label, bounds and hint", () => {
    const html = renderToStaticMarkup(
      createElement(LoadFields, {
        values: valuesFrom(defaults, fields),
        bounds: context.bounds,
        errors: {},
        onChange: () => undefined,
        fields,
      }),
    );
    expect(html).toContain('<label for="frameBytes">Frame size, bytes</label>');
    expect(html).toMatch(/id="frameBytes"[^>]*value="16"|value="16"[^>]*id="frameBytes"/);
    expect(html).toContain('id="frameBytes-hint">1–1,000</div>');
  });
});
