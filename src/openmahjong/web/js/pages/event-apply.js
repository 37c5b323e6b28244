// The event application (#/events/apply): the platform's rules, each field's rule at the field,
// checked while typing; a sent application goes to the event admins (docs/events.md).

import { getJson } from "../api.js";
import { drawWhenLoaded, h } from "../dom.js";
import { errorText, t } from "../i18n.js";
import { currentUser } from "../session.js";
import { applicationForm } from "../event-form.js";
import { eventLinks, signInFirst } from "../event-parts.js";

export function render(main) {
  drawWhenLoaded(main, t("ev.applyTitle"), t("ev.loading"),
    () => Promise.all([currentUser(), getJson("/api/events/rules")]),
    ([user, rules]) => {
      main.append(h("h1", {}, t("ev.applyTitle")), eventLinks(user));
      if (!user || user.is_guest || user.is_bot) {
        main.append(signInFirst());
        return;
      }
      main.append(h("section", { class: "panel" }, applicationForm({
        limits: rules.limits,
        examples: rules.name_examples,
        done: (event) => { window.location.hash = `#/events/${event.id}/manage`; },
      })));
    },
    errorText);
}
