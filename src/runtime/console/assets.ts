// The console's only script and stylesheet, served same-origin so the Content-Security-Policy allows no inline code.

/** Progressive enhancement: asks before approving or rejecting; every page works without it. */
export const CONSOLE_JS = `"use strict";
document.addEventListener("submit", (event) => {
  const form = event.target;
  const question = form instanceof HTMLFormElement ? form.dataset.confirm : undefined;
  if (question && !window.confirm(question)) event.preventDefault();
});
`;

export const CONSOLE_CSS =
  `body{font:14px/1.4 system-ui,sans-serif;margin:1.5rem;color:#1b1b1b}
h1{font-size:1.3rem}h2{font-size:1.1rem;margin-top:1.5rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top}
code,pre{font:12px/1.4 ui-monospace,monospace;background:#f4f4f4;padding:.1rem .3rem;` +
  `white-space:pre-wrap;word-break:break-all}
.risk-high,.state-interrupted,.change{color:#a00;font-weight:600}
.risk-medium{color:#a60}.state-pending{color:#05a;font-weight:600}
form.inline{display:inline-block;margin-right:1rem}textarea{width:24rem;height:3rem}
nav a{margin-right:1rem}.flash{background:#eef7ee;border:1px solid #9c9;padding:.5rem}
.error{background:#fbeaea;border:1px solid #c99;padding:.5rem}
`;
