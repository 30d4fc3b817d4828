// The run's report: tables of figures, printed on the terminal and written as a self-contained HTML page.
import { writeFileSync } from 'node:fs';
import process from 'node:process';

const ms = (value) => (value === undefined ? '–' : `${value.toFixed(value < 10 ? 1 : 0)} ms`);
const percent = (value) => (value === undefined ? '–' : `${(100 * value).toFixed(value && value < 0.01 ? 2 : 1)} %`);
const count = (value) => (value === undefined ? '–' : String(Math.round(value)));

/** The values of a metric (or tagged submetric) in a k6 summary. */
export const valuesOf = (summary, metric) => summary.metrics[metric]?.values ?? {};

/** One row per journey: requests, their latency and failures, checks, iterations, and whether its thresholds held. */
export function journeySection(summary, journeys) {
  const rows = journeys.map((journey) => {
    const duration = valuesOf(summary, `http_req_duration{journey:${journey}}`);
    const thresholds = Object.entries(summary.metrics)
      .filter(([name]) => name.endsWith(`{journey:${journey}}`))
      .flatMap(([, metric]) => Object.values(metric.thresholds ?? {}));
    return [
      journey,
      count(duration.count),
      ms(duration.med),
      ms(duration['p(95)']),
      ms(duration['p(99)']),
      percent(valuesOf(summary, `http_req_failed{journey:${journey}}`).rate),
      percent(valuesOf(summary, `checks{journey:${journey}}`).rate),
      thresholds.every((threshold) => threshold.ok) ? 'held' : 'BREACHED',
    ];
  });
  return { heading: 'Journeys (HTTP requests of each)', columns: ['journey', 'requests', 'p50', 'p95', 'p99', 'failed', 'checks passed', 'thresholds'], rows };
}

/** Every threshold of the run and whether it held. */
export function thresholdSection(summary) {
  const rows = Object.entries(summary.metrics)
    .sort(([a], [b]) => a.localeCompare(b))
    .flatMap(([name, metric]) => Object.entries(metric.thresholds ?? {}).map(([rule, { ok }]) => [name, rule, ok ? 'held' : 'BREACHED']));
  return { heading: 'Thresholds', columns: ['metric', 'threshold', 'result'], rows };
}

/** Every check of the run (one per route and expected status, and the journeys' own), with its passes and fails. */
export function checkSection(summary) {
  const checks = [];
  const walk = (group) => {
    checks.push(...group.checks);
    group.groups.forEach(walk);
  };
  walk(summary.root_group);
  return {
    heading: 'Checks',
    columns: ['check', 'passed', 'failed'],
    rows: checks.map((c) => [c.name, String(c.passes), c.fails ? `${c.fails} failed` : '0']),
  };
}

/** The live channel's own figures: socket connections and push deliveries. */
export function liveSection(summary) {
  const trend = (name, label) => {
    const values = valuesOf(summary, name);
    return [label, count(values.count), ms(values.med), ms(values['p(95)']), ms(values['p(99)']), ms(values.max)];
  };
  const delivered = valuesOf(summary, 'live_delivered');
  return {
    heading: 'Live sockets',
    columns: ['measure', 'samples', 'p50', 'p95', 'p99', 'max'],
    rows: [
      trend('live_connect', 'socket.io connection (handshake to connected)'),
      trend('live_comment_delivery', 'new comment: post sent → comment:created.v1 received'),
      trend('live_reply_badge_delivery', 'reply: post sent → badges:changed.v1 received by the parent author'),
    ],
    note: `Pushes delivered within 10 s: ${percent(delivered.rate)} of ${count((delivered.passes ?? 0) + (delivered.fails ?? 0))}.`,
  };
}

/** The run as a whole: requests, iterations and data. */
export function totalsSection(summary) {
  const duration = valuesOf(summary, 'http_req_duration');
  const rows = [
    ['HTTP requests', `${count(valuesOf(summary, 'http_reqs').count)} (${valuesOf(summary, 'http_reqs').rate?.toFixed(1)}/s)`],
    ['HTTP p50 / p95 / p99', `${ms(duration.med)} / ${ms(duration['p(95)'])} / ${ms(duration['p(99)'])}`],
    ['HTTP requests failed', percent(valuesOf(summary, 'http_req_failed').rate)],
    ['iterations', `${count(valuesOf(summary, 'iterations').count)} (${valuesOf(summary, 'iterations').rate?.toFixed(2)}/s)`],
    ['iterations dropped (no free virtual user)', count(valuesOf(summary, 'dropped_iterations').count ?? 0)],
    ['virtual users at most', count(valuesOf(summary, 'vus_max').max)],
    ['test run', `${(summary.state.testRunDurationMs / 1000).toFixed(1)} s`],
  ];
  return { heading: 'Totals', columns: ['measure', 'value'], rows };
}

/** A section as a Markdown table (the terminal's report). */
function asText({ heading, columns, rows, note }) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [`\n## ${heading}\n`, line(columns), line(columns.map(() => '---')), ...rows.map(line), note ? `\n${note}` : ''].join('\n');
}

const escape = (text) => String(text).replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);

function asHtml({ heading, columns, rows, note }) {
  const cell = (tag, text) => `<${tag}${tag === 'td' && /^(BREACHED|failed step|\d+ failed)$/.test(text) ? ' class="bad"' : ''}>${escape(text)}</${tag}>`;
  return `<section><h2>${escape(heading)}</h2><table><thead><tr>${columns.map((c) => cell('th', c)).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((c) => cell('td', c)).join('')}</tr>`)
    .join('')}</tbody></table>${note ? `<p>${escape(note)}</p>` : ''}</section>`;
}

/**
 * Prints the report and writes it to `file` as HTML: `title`, `facts` ([label, value] about the run), `sections`,
 * and links ([label, href]) to other files of the run.
 */
export function writeReport(file, { title, facts, sections, links = [] }) {
  process.stdout.write(`\n# ${title}\n\n${facts.map(([label, value]) => `- ${label}: ${value}`).join('\n')}\n${sections.map(asText).join('\n')}\n\n`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><style>
body{font:15px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}
table{border-collapse:collapse;margin:.5rem 0 1.5rem;width:100%}th,td{border:1px solid #ccc;padding:.3rem .6rem;text-align:right}
th:first-child,td:first-child{text-align:left}th{background:#f3f3f3}.bad{color:#b00020;font-weight:600}dt{font-weight:600}
</style></head><body><h1>${escape(title)}</h1><dl>${facts.map(([label, value]) => `<dt>${escape(label)}</dt><dd>${escape(value)}</dd>`).join('')}</dl>
${links.length ? `<p>${links.map(([label, href]) => `<a href="${escape(href)}">${escape(label)}</a>`).join(' · ')}</p>` : ''}
${sections.map(asHtml).join('\n')}</body></html>`;
  writeFileSync(file, html);
}
