// Strings of the events pages (#/events and what follows, docs/events.md), in English, Chinese
// and Japanese. Added to i18n.js's tables when first imported.

import { addMessages } from "./i18n.js";

export const en = {
  "nav.events": "Events",
  "ev.title": "Events",
  "ev.lead": "Tournaments run on this platform: running, upcoming and past.",
  "ev.running": "Running",
  "ev.upcoming": "Upcoming",
  "ev.finished": "Past",
  "ev.none": "No events here yet.",
  "ev.organiser": "Organiser: {name}",
  "ev.from": "From {start}",
  "ev.dates": "{start} to {end}",
  "ev.participants": "{n} registered",
  "ev.regOpen": "Registration open",
};

export const zh = {
  "nav.events": "赛事",
  "ev.title": "赛事",
  "ev.lead": "在本平台举办的比赛：进行中、即将开始和已结束的。",
  "ev.running": "进行中",
  "ev.upcoming": "即将开始",
  "ev.finished": "已结束",
  "ev.none": "这里还没有赛事。",
  "ev.organiser": "主办：{name}",
  "ev.from": "自 {start} 起",
  "ev.dates": "{start} 至 {end}",
  "ev.participants": "已报名 {n} 人",
  "ev.regOpen": "报名中",
};

export const ja = {
  "nav.events": "大会",
  "ev.title": "大会",
  "ev.lead": "このプラットフォームで開かれる大会：開催中、開催予定、終了したもの。",
  "ev.running": "開催中",
  "ev.upcoming": "開催予定",
  "ev.finished": "終了",
  "ev.none": "まだ大会はありません。",
  "ev.organiser": "主催：{name}",
  "ev.from": "{start} から",
  "ev.dates": "{start} から {end} まで",
  "ev.participants": "{n} 人が登録",
  "ev.regOpen": "受付中",
};

addMessages({ en, zh, ja });
