extension ReportPage {
    /// The report's style sheet: system fonts only, a fixed row height for the virtual list.
    static let style = #"""

        :root {
          --bg: #f7f8fa; --panel: #ffffff; --ink: #1d2430; --muted: #667085; --line: #e4e7ec;
          --accent: #2f6fde; --select: #e4edfd; --hover: #f1f4f9; --mono: ui-monospace, "SF Mono", Menlo,
            Consolas, "DejaVu Sans Mono", "Liberation Mono", monospace;
          --outside: #475467; --bridged: #7a3ec8; --effect: #b5650d; --during: #0f7d73;
          --added: #e7f6ec; --removed: #fdecec; --row: 26px;
          color-scheme: light;
        }
        * { box-sizing: border-box; }
        html, body { height: 100%; margin: 0; }
        body {
          display: flex; flex-direction: column; background: var(--bg); color: var(--ink);
          font: 13px/1.45 system-ui, -apple-system, "Segoe UI", "DejaVu Sans", "Liberation Sans", sans-serif;
        }
        header {
          display: flex; flex-wrap: wrap; gap: 8px 24px; align-items: center; justify-content: space-between;
          padding: 10px 16px; background: var(--panel); border-bottom: 1px solid var(--line);
        }
        h1 { font-size: 16px; margin: 0; font-weight: 650; }
        #summary { margin: 2px 0 0; color: var(--muted); }
        .controls { display: flex; gap: 12px; align-items: center; }
        #filter {
          width: 360px; max-width: 50vw; padding: 6px 10px; border: 1px solid var(--line); border-radius: 6px;
          font: inherit; background: var(--bg);
        }
        #filter:focus { outline: 2px solid var(--accent); outline-offset: -1px; background: var(--panel); }
        #count { color: var(--muted); min-width: 9em; text-align: right; font-variant-numeric: tabular-nums; }
        .views { display: inline-flex; border: 1px solid var(--line); border-radius: 6px; overflow: hidden; }
        .views button {
          font: inherit; border: 0; padding: 5px 12px; background: var(--panel); color: var(--ink); cursor: pointer;
        }
        .views button + button { border-left: 1px solid var(--line); }
        .views button[aria-pressed="true"] { background: var(--accent); color: #fff; }
        #warnings { padding: 6px 16px; background: #fff7e0; border-bottom: 1px solid #f3d58b; color: #7a5300; }
        #warnings p { margin: 2px 0; }
        main { flex: 1; display: grid; grid-template-columns: minmax(0, 3fr) minmax(340px, 2fr); min-height: 0; }
        .list-pane {
          display: grid; grid-template-rows: auto minmax(0, 1fr); min-height: 0; border-right: 1px solid var(--line);
          background: var(--panel);
        }
        .columns, .row {
          display: grid; grid-template-columns: 56px 76px minmax(0, 1fr) 64px minmax(90px, 26%);
          gap: 8px; align-items: center; padding: 0 12px;
        }
        .columns {
          height: 26px; color: var(--muted); font-size: 11px; text-transform: uppercase; letter-spacing: .04em;
          border-bottom: 1px solid var(--line);
        }
        /* Sized by the page, never by its rows: rows added or replaced lay out nothing outside it. */
        #list { position: relative; overflow-y: auto; outline: none; contain: strict; }
        #spacer { position: relative; }
        .row {
          position: absolute; left: 0; right: 0; height: var(--row); cursor: default; white-space: nowrap;
          border-bottom: 1px solid #f2f4f7;
        }
        .row:hover { background: var(--hover); }
        .row.selected { background: var(--select); }
        #list:focus .row.selected { box-shadow: inset 3px 0 0 var(--accent); }
        .row.context { color: var(--muted); }
        .row > span { overflow: hidden; text-overflow: ellipsis; }
        .row.marker { display: flex; font-size: 12px; font-weight: 600; color: #344054; background: #eef2f7; }
        .row.marker.gap { color: #7a5300; background: #fff7e0; }
        .row.marker.reset { color: #1d4f91; background: #e8f0fd; } .row.marker.reset:hover { background: #e8f0fd; }
        #live { font-size: 12px; font-weight: 600; padding: 2px 10px; border-radius: 10px; color: #344054; background: #eef2f7; }
        #live.live { color: #146c2e; background: #e3f6e8; }
        #live.stopped { color: #9b1c1c; background: #fde8e8; }
        .row.marker:hover { background: #eef2f7; } .row.marker.gap:hover { background: #fff7e0; }
        .seq, .time, .dur { font-family: var(--mono); font-size: 12px; color: var(--muted);
          font-variant-numeric: tabular-nums; }
        .dur { text-align: right; }
        .src { font-family: var(--mono); font-size: 12px; color: var(--muted); direction: rtl; text-align: left; }
        .src bdi { direction: ltr; }
        .act { display: flex; align-items: center; gap: 6px; min-width: 0; }
        .act .desc { overflow: hidden; text-overflow: ellipsis; font-family: var(--mono); font-size: 12.5px; }
        .twisty {
          width: 16px; height: 16px; padding: 0; border: 0; background: none; color: var(--muted); cursor: pointer;
          flex: none; font-size: 10px; line-height: 16px;
        }
        .twisty.leaf { visibility: hidden; }
        .badge {
          flex: none; font-size: 10.5px; font-weight: 600; padding: 0 6px; border-radius: 9px; line-height: 17px;
          color: #fff; letter-spacing: .02em;
        }
        .k0 { background: var(--outside); } .k1 { background: var(--bridged); }
        .k2 { background: var(--effect); } .k3 { background: var(--during); }
        .guide { flex: none; color: #c0c6d0; font-family: var(--mono); }
        .cancelled { flex: none; max-width: 40%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap;
          font-size: 11px; color: #8a2c0d; background: #fdece6; padding: 0 6px; border-radius: 4px; }
        #details { overflow-y: auto; padding: 14px 18px 24px; min-height: 0; }
        #details h2 { font-size: 15px; margin: 0 0 4px; font-family: var(--mono); font-weight: 600;
          overflow-wrap: anywhere; white-space: pre-wrap; }
        #details h3 {
          font-size: 11px; text-transform: uppercase; letter-spacing: .05em; color: var(--muted);
          margin: 18px 0 6px; font-weight: 650;
        }
        .empty { color: var(--muted); }
        dl.facts { display: grid; grid-template-columns: max-content minmax(0, 1fr); gap: 3px 14px; margin: 8px 0 0; }
        dl.facts dt { color: var(--muted); }
        dl.facts dd { margin: 0; overflow-wrap: anywhere; }
        .mono { font-family: var(--mono); font-size: 12px; }
        ol.info, ul.plain { margin: 0; padding-left: 18px; }
        ol.info li, ul.plain li { font-family: var(--mono); font-size: 12px; overflow-wrap: anywhere;
          white-space: pre-wrap; }
        a.jump { color: var(--accent); cursor: pointer; text-decoration: none; font-family: var(--mono); }
        a.jump:hover { text-decoration: underline; }
        table.diff { width: 100%; border-collapse: collapse; table-layout: fixed; font-family: var(--mono);
          font-size: 12px; }
        table.diff th { text-align: left; font: 600 11px system-ui, sans-serif; color: var(--muted);
          padding: 3px 6px; border-bottom: 1px solid var(--line); }
        table.diff td { padding: 3px 6px; vertical-align: top; border-bottom: 1px solid #f2f4f7;
          overflow-wrap: anywhere; white-space: pre-wrap; }
        table.diff td.before { background: var(--removed); }
        table.diff td.after { background: var(--added); }
        .none { color: var(--muted); font-style: italic; }
        pre.value { margin: 0; padding: 8px 10px; background: var(--bg); border: 1px solid var(--line);
          border-radius: 6px; font-family: var(--mono); font-size: 12px; overflow: auto; max-height: 240px; }
        .note { color: #7a5300; background: #fff7e0; padding: 4px 8px; border-radius: 4px; }
        button.more { margin: 6px 0; font: inherit; font-size: 12px; padding: 3px 10px; cursor: pointer; }
        ul.state, ul.state ul { list-style: none; margin: 0; padding-left: 16px; }
        ul.state { padding-left: 0; font-family: var(--mono); font-size: 12px; }
        ul.state li { margin: 1px 0; }
        ul.state summary { cursor: pointer; }
        ul.state .key { color: #344054; }
        ul.state .val { overflow-wrap: anywhere; white-space: pre-wrap; }
        ul.state .stale { color: var(--muted); }
        ul.state .at { color: #98a2b3; font-size: 11px; margin-left: 6px; }
        ul.state .changed > .line, ul.state .changed > details > summary { background: #fff2b3; border-radius: 3px; }
        footer { padding: 4px 16px; color: var(--muted); border-top: 1px solid var(--line); background: var(--panel);
          font-size: 12px; }
        .noscript { padding: 16px; }

        """#
}
