// Strings of the notifications page (#/notifications), the header's unread count and the
// profile's events, in English, Chinese and Japanese. A notification is worded here from its
// kind and params; the server's English text is the fallback for a kind this file lacks.

import { addMessages } from "./i18n.js";

export const en = {
  "note.title": "Notifications",
  "note.lead": "Messages to your account: decisions on your event applications, reviewers' replies, applications waiting for review.",
  "note.loading": "Loading your notifications…",
  "note.none": "No notifications yet.",
  "note.unread": "{n} unread",
  "note.badge": "Notifications, {n} unread",
  "note.badgeNone": "Notifications",
  "note.new": "New",
  "note.open": "Open",
  "note.markRead": "Mark read",
  "note.markAll": "Mark all read",
  "note.signIn": "Sign in to see your notifications.",
  "note.k.event_approved": "Your event “{name}” was approved.",
  "note.k.event_rejected": "Your event “{name}” was rejected: {reason}",
  "note.k.event_changes_requested": "Changes were requested to your event “{name}”: {reason}",
  "note.k.event_note": "A reviewer wrote on “{name}”: {text}",
  "note.k.event_submitted": "The event application “{name}” was submitted for review.",
  "note.k.event_resubmitted": "The event application “{name}” was resubmitted for review.",
  "pev.title": "Events",
  "pev.none": "No events played yet.",
  "pev.games": "{n} games at the event's tables",
  "pev.registered": "Registered",
};

export const zh = {
  "note.title": "通知",
  "note.lead": "发给你账号的消息：赛事申请的审核结果、审核人员的回复、待审核的申请。",
  "note.loading": "正在加载通知…",
  "note.none": "还没有通知。",
  "note.unread": "{n} 条未读",
  "note.badge": "通知，{n} 条未读",
  "note.badgeNone": "通知",
  "note.new": "新",
  "note.open": "打开",
  "note.markRead": "标为已读",
  "note.markAll": "全部标为已读",
  "note.signIn": "登录后查看你的通知。",
  "note.k.event_approved": "你的赛事“{name}”已通过审核。",
  "note.k.event_rejected": "你的赛事“{name}”未通过审核：{reason}",
  "note.k.event_changes_requested": "你的赛事“{name}”需要修改：{reason}",
  "note.k.event_note": "审核人员就“{name}”留言：{text}",
  "note.k.event_submitted": "赛事申请“{name}”已提交审核。",
  "note.k.event_resubmitted": "赛事申请“{name}”已重新提交审核。",
  "pev.title": "参加的赛事",
  "pev.none": "还没有参加过赛事。",
  "pev.games": "在赛事牌桌上打了 {n} 局",
  "pev.registered": "已报名",
};

export const ja = {
  "note.title": "お知らせ",
  "note.lead": "あなたのアカウントへのお知らせ：大会申請の審査結果、審査担当からの返信、審査待ちの申請。",
  "note.loading": "お知らせを読み込み中…",
  "note.none": "お知らせはまだありません。",
  "note.unread": "未読 {n} 件",
  "note.badge": "お知らせ（未読 {n} 件）",
  "note.badgeNone": "お知らせ",
  "note.new": "新着",
  "note.open": "開く",
  "note.markRead": "既読にする",
  "note.markAll": "すべて既読にする",
  "note.signIn": "ログインするとお知らせを確認できます。",
  "note.k.event_approved": "大会「{name}」が承認されました。",
  "note.k.event_rejected": "大会「{name}」は却下されました：{reason}",
  "note.k.event_changes_requested": "大会「{name}」に修正の依頼があります：{reason}",
  "note.k.event_note": "審査担当から「{name}」へのメモ：{text}",
  "note.k.event_submitted": "大会申請「{name}」が審査に出されました。",
  "note.k.event_resubmitted": "大会申請「{name}」が再提出されました。",
  "pev.title": "参加した大会",
  "pev.none": "参加した大会はまだありません。",
  "pev.games": "大会の卓で {n} 局",
  "pev.registered": "参加登録済み",
};

addMessages({ en, zh, ja });
