// Who is signed in. The session itself is the server's HTTP-only cookie; this module only keeps
// the user document (id, name, is_guest) the server returned, and a hint in localStorage so a
// visitor who never signed in does not cost a 401 (and a console error) on every page load.

import { getJson, postJson } from "./api.js";

const HINT = "openmahjong.user";
let user = null;
let checked = false;

function saveHint(u) {
  try {
    if (u) localStorage.setItem(HINT, JSON.stringify({ id: u.id, name: u.name }));
    else localStorage.removeItem(HINT);
  } catch {
    // storage blocked: the hint is only an optimisation
  }
}

function hint() {
  try {
    return localStorage.getItem(HINT);
  } catch {
    return null;
  }
}

function adopt(answer) {
  user = answer && answer.user ? answer.user : answer;
  checked = true;
  saveHint(user);
  window.dispatchEvent(new CustomEvent("userchange"));
  return user;
}

/** The signed-in user or null; asks the server once per page load, when a hint says so. */
export async function currentUser() {
  if (checked) return user;
  if (!hint()) {
    checked = true;
    return null;
  }
  try {
    user = await getJson("/api/auth/me");
  } catch {
    user = null;
    saveHint(null);
  }
  checked = true;
  return user;
}

/** The user known right now, without asking (null until currentUser() resolved). */
export function knownUser() {
  return user;
}

export async function register(name, password) {
  return adopt(await postJson("/api/auth/register", { name, password }));
}

export async function login(name, password) {
  return adopt(await postJson("/api/auth/login", { name, password }));
}

export async function guest() {
  return adopt(await postJson("/api/auth/guest", {}));
}

export async function logout() {
  try {
    await postJson("/api/auth/logout", {});
  } finally {
    adopt(null);
  }
}

/** This browser's session ended elsewhere (the account page ended it): forget the user. */
export function signedOut() {
  adopt(null);
}
