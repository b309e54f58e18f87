/**
 * bench:api's verdicts: an endpoint row judged against the DESIGN §7 targets (ratio to json-server, p99, errors,
 * with the calibration's caveats), and the 100×-vs-1× cost rows from the paired runs or the main table.
 */
import { fmtMs, fmtRate, fmtRatio } from './api-format';
import { problems } from './api-measure';
import { SCALE_CHECK_ENDPOINTS, type EndpointSpec } from './api-endpoints';
import {
  TARGETS,
  type EndpointKey,
  type EndpointRow,
  type Measurement,
  type PairedMeasurement,
  type ScaleRow,
} from './api-types';

export function judgeRow(
  spec: EndpointSpec,
  scale: number,
  ours: Measurement,
  jsonServer: Measurement,
  ceiling?: Measurement,
): EndpointRow {
  const ratioIsLowerBound = jsonServer.ok === 0 || jsonServer.reqPerSec === 0;
  const ratio = ratioIsLowerBound
    ? ours.reqPerSec * Math.max(1, jsonServer.durationSec)
    : ours.reqPerSec / jsonServer.reqPerSec;
  const reasons: string[] = [];
  let target: string;
  if (spec.kind === 'read') {
    target = `≥ ${TARGETS.readRatio}× and p99 ≤ ${TARGETS.readP99Ms} ms`;
    if (ratio < TARGETS.readRatio) reasons.push(`ratio ${ratio.toFixed(1)}× < ${TARGETS.readRatio}×`);
    if (ours.p99Ms > TARGETS.readP99Ms) reasons.push(`p99 ${ours.p99Ms} ms > ${TARGETS.readP99Ms} ms`);
  } else {
    target = `≥ ${TARGETS.contactRatio}× (fsynced)`;
    if (ratio < TARGETS.contactRatio) reasons.push(`ratio ${ratio.toFixed(1)}× < ${TARGETS.contactRatio}×`);
  }
  if (problems(ours) > 0)
    reasons.push(`ours: ${ours.non2xx} non-2xx, ${ours.errors} errors (${ours.timeouts} timeouts)`);
  if (problems(jsonServer) > 0) {
    reasons.push(`json-server: ${jsonServer.non2xx} non-2xx, ${jsonServer.errors} errors (comparison unreliable)`);
  }
  const caveats: string[] = [];
  if (ratioIsLowerBound) {
    caveats.push(
      `json-server completed no request in its ${Math.round(jsonServer.durationSec)} s run, so the ratio is a lower bound`,
    );
  }
  if (ceiling && !ratioIsLowerBound) {
    const ceilingRatio = ceiling.reqPerSec / jsonServer.reqPerSec;
    if (ceilingRatio < TARGETS.readRatio) {
      caveats.push(
        `harness-bound: a bare node:http server with the same payload reaches only ${fmtRate(ceiling.reqPerSec)} req/s ` +
          `(${fmtRatio(ceilingRatio)} json-server) with this client on this machine`,
      );
    }
    if (ceiling.p99Ms > TARGETS.readP99Ms) {
      caveats.push(`the bare server's own p99 is ${fmtMs(ceiling.p99Ms)} ms here`);
    }
    if (ours.reqPerSec >= 0.8 * ceiling.reqPerSec) {
      caveats.push(`ours is at ${Math.round((100 * ours.reqPerSec) / ceiling.reqPerSec)}% of the harness ceiling`);
    }
  }
  return {
    endpoint: spec.key,
    label: spec.label,
    scale,
    ours,
    jsonServer,
    ratio,
    ratioIsLowerBound,
    target,
    verdict: reasons.length === 0 ? 'PASS' : 'FAIL',
    reasons,
    ...(ceiling ? { ceiling } : {}),
    caveats,
  };
}

export function scaleRows(
  rows: EndpointRow[],
  scales: number[],
  paired: Partial<Record<EndpointKey, PairedMeasurement>>,
): ScaleRow[] {
  const out: ScaleRow[] = [];
  if (scales.length < 2) return out;
  const from = Math.min(...scales);
  const to = Math.max(...scales);
  for (const key of SCALE_CHECK_ENDPOINTS) {
    const a = rows.find((row) => row.endpoint === key && row.scale === from);
    const b = rows.find((row) => row.endpoint === key && row.scale === to);
    if (!a || !b) continue;
    const pair = paired[key];
    const sequentialMeanLatencyRatio = b.ours.meanMs / a.ours.meanMs;
    const oursMeanLatencyRatio = pair ? pair.to.meanMs / pair.from.meanMs : sequentialMeanLatencyRatio;
    const reasons: string[] = [];
    if (!(oursMeanLatencyRatio <= TARGETS.scaleCostRatio)) {
      reasons.push(`mean latency ×${oursMeanLatencyRatio.toFixed(2)} > ×${TARGETS.scaleCostRatio}`);
    }
    const pairProblems = pair ? pair.from.problems + pair.to.problems : 0;
    if (problems(a.ours) + problems(b.ours) + pairProblems > 0) reasons.push('ours had errors or non-2xx answers');
    out.push({
      endpoint: key,
      label: a.label,
      fromScale: from,
      toScale: to,
      oursMeanLatencyRatio,
      oursThroughputCostRatio: pair ? pair.from.reqPerSec / pair.to.reqPerSec : a.ours.reqPerSec / b.ours.reqPerSec,
      sequentialMeanLatencyRatio,
      ...(pair ? { paired: pair } : {}),
      jsonServerMeanLatencyRatio: b.jsonServer.meanMs / a.jsonServer.meanMs,
      target: `≤ ${TARGETS.scaleCostRatio}×`,
      verdict: reasons.length === 0 ? 'PASS' : 'FAIL',
      reasons,
    });
  }
  return out;
}
