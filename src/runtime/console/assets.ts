// The console's only script and stylesheet, served same-origin so the Content-Security-Policy allows no inline code.

/** Progressive enhancement: asks before approving or rejecting; every page works without it. */
export const CONSOLE_JS = `"use strict";
document.addEventListener("submit", (event) => {
  const form = event.target;
  const question = form instanceof HTMLFormElement ? form.dataset.confirm : undefined;
  if (question && !window.confirm(question)) event.preventDefault();
});
`;

export const CONSOLE_CSS = `body{font:14px/1.4 system-ui,sans-serif;margin:1rem 1.5rem;color:#1b1b1b;max-width:1232px}
h1{font-size:1.3rem;overflow-wrap:anywhere}h2{font-size:1.1rem;margin-top:1.5rem}h3{font-size:1rem}
table{border-collapse:collapse;width:100%;margin:.5rem 0}
th,td{border-bottom:1px solid #ddd;padding:.3rem .5rem;text-align:left;vertical-align:top;overflow-wrap:break-word}
code,pre{font:12px/1.4 ui-monospace,monospace;background:#f4f4f4;padding:.1rem .3rem}
pre{white-space:pre-wrap;overflow-wrap:anywhere;margin:0}
.nowrap,.nowrap code{white-space:nowrap;overflow-wrap:normal}
td.args code,td.call code,td.target{white-space:normal;overflow-wrap:anywhere}
mark.read{background:#dcecff;color:inherit;padding:0 .15rem;border-radius:2px}
mark.late{background:#fde3c0;color:inherit;padding:0 .15rem;border-radius:2px}
.risk-high,.state-interrupted,.change{color:#a00;font-weight:600}
.risk-medium{color:#a60}.state-pending{color:#05a;font-weight:600}
form.inline{display:inline-block;margin-right:1rem}textarea{width:28rem;max-width:100%;height:3rem;display:block}
nav{display:flex;gap:1rem;align-items:center}nav .who{margin-left:auto}
button.approve{font-weight:600;padding:.4rem 1rem}
section.reject{margin-top:2.5rem;border-top:1px solid #ddd;padding-top:.25rem}
.flash{background:#eef7ee;border:1px solid #9c9;padding:.5rem}
.note{background:#f2f7fd;border:1px solid #a9c4e4;padding:.5rem}
.error{background:#fbeaea;border:1px solid #c99;padding:.5rem}
`;
