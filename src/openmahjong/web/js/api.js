// JSON calls to the server's API, with errors turned into one readable message.

import { t } from "./i18n.js";

export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.name = "ApiError";
    this.status = status;
  }
}

/**
 * The message of an error answer. Two shapes exist: the server app's
 * {"error": {"message": ...}}, and plain FastAPI's {"detail": ...} where detail is a string or
 * a list of {loc, msg} (body validation).
 */
function errorMessage(data) {
  if (!data) return "";
  if (data.error && typeof data.error.message === "string") return data.error.message;
  return detailText(data.detail);
}

function detailText(detail) {
  if (typeof detail === "string") return detail;
  if (Array.isArray(detail)) {
    return detail
      .map((d) => {
        const where = (d.loc || []).filter((p) => p !== "body").join(".");
        return where ? `${where}: ${d.msg}` : d.msg;
      })
      .join("; ");
  }
  return "";
}

/** POST a JSON body; resolve with the JSON answer or reject with an ApiError to show. */
export function postJson(url, body) {
  return requestJson("POST", url, body);
}

/** GET a JSON document (same errors as postJson). */
export function getJson(url) {
  return requestJson("GET", url);
}

/** Any method; `body` undefined sends none. The error carries the server's `code` when given. */
export async function requestJson(method, url, body) {
  let response;
  try {
    const init = { method, headers: { Accept: "application/json" }, credentials: "same-origin" };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    response = await fetch(url, init);
  } catch (err) {
    throw new ApiError(t("err.network", { why: err.message }), 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const message = errorMessage(data) || t("err.server", { status: response.status });
    const error = new ApiError(message, response.status);
    error.code = data && data.error ? data.error.code : undefined;
    error.params = data && data.error ? data.error.params : undefined; // for errorText's translation
    throw error;
  }
  return data;
}
