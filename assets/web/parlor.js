// The browser seat: a name, then the parlor over the host's socket, drawn in xterm.js or, at
// the screen-reader switch, said in lines into live regions. The wire is described in the
// host's src/host/web.rs.
"use strict";

const NAME_KEY = "parlor-name";
const READER_KEY = "parlor-screen-reader";
// One secret per name: localStorage is the host's own (its origin), so per host and name.
const SECRET_KEY = "parlor-secret:";
// The same line again within this many milliseconds is logged but not said twice.
const REPEAT_MS = 1000;
// Lines kept in a live region: enough for a burst, few enough to cost nothing.
const LIVE_LINES = 20;

const form = document.getElementById("sit");
const nameField = document.getElementById("name");
const readerSwitch = document.getElementById("reader");
const screen = document.getElementById("terminal");
const lines = document.getElementById("lines");
const log = document.getElementById("log");
const sayForm = document.getElementById("say");
const asked = document.getElementById("asked");
const said = document.getElementById("said");
const polite = document.getElementById("polite");
const urgent = document.getElementById("urgent");
const status = document.getElementById("status");
// The invitation, from the address the host gave: /t/TOKEN.
const token = (location.pathname.match(/^\/t\/([^/]+)$/) || [])[1] || "";
const ASKED_NOTHING = asked.textContent;
// The page's own words, in the language the host served it in (data-* of <body>).
const WORDS = document.body.dataset;
// That language, which the guest's parlor speaks too.
const LANG = document.documentElement.lang;

function say(text) {
  status.textContent = text;
  status.hidden = false;
}

// The secret this browser holds `name` with, made (256 random bits) the first time.
function secretFor(name) {
  let secret = localStorage.getItem(SECRET_KEY + name);
  if (!secret) {
    const bytes = new Uint8Array(32);
    crypto.getRandomValues(bytes);
    secret = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    localStorage.setItem(SECRET_KEY + name, secret);
  }
  return secret;
}

// The host's socket, opened with a hello that asks for `mode` (plus `fields`); `seated`
// answers whether the parlor sent anything, for a close that came before is a refusal.
function connect(name, mode, fields, seated, onRefused) {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  // The invitation rides in the socket's address too, so the host lets it past the sockets
  // of strangers who never say hello (see web.rs: the door of the invited).
  const socket = new WebSocket(
    `${scheme}//${location.host}/socket?token=${encodeURIComponent(token)}`,
  );
  socket.binaryType = "arraybuffer";
  const send = (message) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  socket.addEventListener("open", () => {
    send({ token, name, secret: secretFor(name), mode, lang: LANG, ...fields() });
  });
  socket.addEventListener("close", (event) => {
    say(event.reason || (event.wasClean ? WORDS.left : WORDS.lost));
    if (seated()) return;
    // Refused (a name someone else holds, say): back to the form, to try another.
    onRefused();
    form.hidden = false;
    nameField.focus();
  });
  return { socket, send };
}

// A script or style of the page's own, loaded only when the drawn screen needs it.
function load(tag, attributes) {
  return new Promise((resolve, reject) => {
    const element = Object.assign(document.createElement(tag), attributes);
    element.addEventListener("load", resolve);
    element.addEventListener("error", () => reject(new Error(`${attributes.src || attributes.href} did not load`)));
    document.head.append(element);
  });
}

// xterm.js without WebGL draws with its DOM renderer, which writes its cell sizes and
// colours into <style> elements it makes, and into style attributes. The page's policy
// admits only <style> elements with this response's nonce (web.rs: page_policy), so each
// one made here is given it; a style attribute set by script is set through the CSSOM
// instead, which no policy governs and which parses the same text. Nothing else inline is
// let in.
function admitTerminalStyles() {
  const nonce = document.querySelector('meta[name="parlor-style-nonce"]')?.content || "";
  const createElement = Document.prototype.createElement;
  Document.prototype.createElement = function (tag, options) {
    const element = createElement.call(this, tag, options);
    if (String(tag).toLowerCase() === "style") element.nonce = nonce;
    return element;
  };
  const setAttribute = Element.prototype.setAttribute;
  Element.prototype.setAttribute = function (name, value) {
    if (String(name).toLowerCase() === "style" && this.style) {
      this.style.cssText = String(value);
      return;
    }
    setAttribute.call(this, name, value);
  };
}

async function loadTerminal() {
  admitTerminalStyles();
  await load("link", { rel: "stylesheet", href: "/assets/xterm.css" });
  for (const src of ["/assets/xterm.js", "/assets/addon-fit.js", "/assets/addon-webgl.js"]) {
    await load("script", { src });
  }
}

async function sitAtScreen(name) {
  await loadTerminal();
  const term = new Terminal({ fontFamily: "monospace", fontSize: 15, cursorBlink: false });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  screen.hidden = false;
  term.open(screen);
  try {
    term.loadAddon(new WebglAddon.WebglAddon());
  } catch (e) {
    // The DOM renderer draws the same screen, a little slower.
    console.info("no WebGL: the terminal is drawn with xterm.js's DOM renderer");
  }
  fit.fit();
  let drawn = false;
  const { socket, send } = connect(
    name,
    "screen",
    () => ({ cols: term.cols, rows: term.rows }),
    () => drawn,
    () => {
      term.dispose();
      screen.hidden = true;
    },
  );
  socket.addEventListener("message", (event) => {
    if (!(event.data instanceof ArrayBuffer)) return;
    drawn = true;
    term.write(new Uint8Array(event.data));
  });
  // Refused, the terminal is disposed of already.
  socket.addEventListener("close", () => {
    if (drawn) term.options.disableStdin = true;
  });
  term.onData((input) => send({ input }));
  term.onResize(({ cols, rows }) => send({ resize: { cols, rows } }));
  window.addEventListener("resize", () => fit.fit());
  term.focus();
}

// The same text said again within REPEAT_MS is not said twice (a screen reader would
// read it twice); the log keeps every line.
let lastSaid = { text: "", at: 0 };
function announce(text, isUrgent) {
  const now = Date.now();
  if (text === lastSaid.text && now - lastSaid.at < REPEAT_MS) return;
  lastSaid = { text, at: now };
  const region = isUrgent ? urgent : polite;
  // Each line added as a node of its own, so that a burst of lines is read in full, in
  // order (a region whose text is replaced is read only as it last was); the oldest go.
  const line = document.createElement("p");
  line.textContent = text;
  region.append(line);
  while (region.childElementCount > LIVE_LINES) region.firstElementChild.remove();
}

function logLine(text, kind) {
  const line = document.createElement("p");
  line.textContent = text;
  if (kind) line.className = kind;
  log.append(line);
  log.scrollTop = log.scrollHeight;
}

function sitInLines(name) {
  let heard = false;
  lines.hidden = false;
  const { socket, send } = connect(name, "lines", () => ({}), () => heard, () => {
    lines.hidden = true;
  });
  socket.addEventListener("message", (event) => {
    if (typeof event.data !== "string") return;
    heard = true;
    const message = JSON.parse(event.data);
    if (typeof message.line === "string") {
      logLine(message.line, message.urgent ? "urgent" : "");
      announce(message.line, message.urgent);
    } else if (typeof message.prompt === "string") {
      // The host puts a question again below news that came meanwhile; the page keeps
      // it beside the text box, so only a new question is said.
      const question = message.prompt.replace(/\s*>\s*$/, "") || ASKED_NOTHING;
      const isNew = question !== asked.textContent;
      asked.textContent = question;
      if (message.prompt && isNew) announce(question, false);
    }
  });
  socket.addEventListener("close", (event) => {
    if (!heard) return;
    logLine(event.reason || WORDS.left, "urgent");
    said.disabled = true;
  });
  sendLine = (line) => send({ line });
  said.focus();
}

// What the text box's Enter does: nothing until the parlor in lines is open.
let sendLine = () => {};
sayForm.addEventListener("submit", (event) => {
  event.preventDefault();
  logLine(`> ${said.value}`, "typed");
  sendLine(said.value);
  said.value = "";
  asked.textContent = ASKED_NOTHING;
});

nameField.value = localStorage.getItem(NAME_KEY) || "";
readerSwitch.checked = localStorage.getItem(READER_KEY) === "on";
form.hidden = false;
if (!token) say(WORDS.noInvitation);
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const name = nameField.value.trim();
  localStorage.setItem(NAME_KEY, name);
  localStorage.setItem(READER_KEY, readerSwitch.checked ? "on" : "off");
  form.hidden = true;
  status.hidden = true;
  if (readerSwitch.checked) {
    sitInLines(name);
  } else {
    sitAtScreen(name).catch((e) => say(`${WORDS.noScreen} ${e.message}`));
  }
});
