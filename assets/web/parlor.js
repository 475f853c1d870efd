// The browser seat: a name, then the parlor in xterm.js over the host's socket. The wire is
// described in the host's src/host/web.rs.
"use strict";

const NAME_KEY = "parlor-name";
// One secret per name: localStorage is the host's own (its origin), so per host and name.
const SECRET_KEY = "parlor-secret:";

const form = document.getElementById("sit");
const nameField = document.getElementById("name");
const screen = document.getElementById("terminal");
const status = document.getElementById("status");
// The invitation, from the address the host gave: /t/TOKEN.
const token = (location.pathname.match(/^\/t\/([^/]+)$/) || [])[1] || "";

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

function sit(name) {
  const term = new Terminal({ fontFamily: "monospace", fontSize: 15, cursorBlink: false });
  const fit = new FitAddon.FitAddon();
  term.loadAddon(fit);
  screen.hidden = false;
  term.open(screen);
  try {
    term.loadAddon(new WebglAddon.WebglAddon());
  } catch (e) {
    say("This browser has no WebGL: the parlor shows without its colours.");
  }
  fit.fit();
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/socket`);
  socket.binaryType = "arraybuffer";
  // Whether the parlor drew anything: a socket closed before it was refused at the door.
  let seated = false;
  const send = (message) => {
    if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };
  socket.addEventListener("open", () => {
    send({ token, name, secret: secretFor(name), cols: term.cols, rows: term.rows });
  });
  socket.addEventListener("message", (event) => {
    if (!(event.data instanceof ArrayBuffer)) return;
    seated = true;
    term.write(new Uint8Array(event.data));
  });
  socket.addEventListener("close", (event) => {
    say(event.reason || (event.wasClean ? "You left the parlor." : "The connection to the parlor was lost."));
    if (seated) {
      term.options.disableStdin = true;
      return;
    }
    // Refused (a name someone else holds, say): back to the form, to try another.
    term.dispose();
    screen.hidden = true;
    form.hidden = false;
    nameField.focus();
  });
  term.onData((input) => send({ input }));
  term.onResize(({ cols, rows }) => send({ resize: { cols, rows } }));
  window.addEventListener("resize", () => fit.fit());
  term.focus();
}

nameField.value = localStorage.getItem(NAME_KEY) || "";
form.hidden = false;
if (!token) say("This page needs an invitation: ask the host for a link.");
form.addEventListener("submit", (event) => {
  event.preventDefault();
  const name = nameField.value.trim();
  localStorage.setItem(NAME_KEY, name);
  form.hidden = true;
  status.hidden = true;
  sit(name);
});
