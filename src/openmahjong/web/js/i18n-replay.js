// Strings of the replay's teaching parts (views, draws, timeline, export), the lobby's live room
// list and quick match, and the home page's Play button, in English, Chinese and Japanese.

export const en = {
  "replay.handLabel": "{wind} {n}, {honba} honba",
  "replay.handLabelShort": "{wind} {n}",
  "replay.view": "Whose view",
  "replay.viewAll": "All hands open",
  "replay.viewSeat": "{name}'s view",
  "replay.draws": "Draws as their own steps",
  "replay.drew": "{who}: draws",
  "replay.timeline": "Hands",
  "replay.won": "{who} wins",
  "replay.export": "Export for tenhou.net/6",
  "replay.keys": "Keys: ← → step, Home/End the hand's ends, PageUp/PageDown the previous/next hand; swipe on a phone.",
  "lobby.seats": "{n}/{total} seated",
  "lobby.wait": "Waiting {n} s",
  "lobby.botFill": "Waiting {n} s; bots fill the table after {limit} s.",
  "home.play": "Play",
  "home.playLead": "Sit down at a table against bots or other players.",
};

export const zh = {
  "replay.handLabel": "{wind}{n}局 {honba}本场",
  "replay.handLabelShort": "{wind}{n}局",
  "replay.view": "视角",
  "replay.viewAll": "公开所有手牌",
  "replay.viewSeat": "{name}的视角",
  "replay.draws": "摸牌单独成步",
  "replay.drew": "{who}：摸牌",
  "replay.timeline": "各局",
  "replay.won": "{who}和牌",
  "replay.export": "导出为 tenhou.net/6 牌谱",
  "replay.keys": "按键：← → 单步，Home/End 本局首尾，PageUp/PageDown 上一局/下一局；手机上可滑动。",
  "lobby.seats": "已坐 {n}/{total}",
  "lobby.wait": "已等待 {n} 秒",
  "lobby.botFill": "已等待 {n} 秒；{limit} 秒后由机器人补位。",
  "home.play": "开始对局",
  "home.playLead": "与机器人或其他玩家同桌对局。",
};

export const ja = {
  "replay.handLabel": "{wind}{n}局 {honba}本場",
  "replay.handLabelShort": "{wind}{n}局",
  "replay.view": "視点",
  "replay.viewAll": "全員の手牌を公開",
  "replay.viewSeat": "{name}の視点",
  "replay.draws": "ツモを1手として数える",
  "replay.drew": "{who}：ツモ",
  "replay.timeline": "各局",
  "replay.won": "{who}の和了",
  "replay.export": "tenhou.net/6 形式で書き出す",
  "replay.keys": "キー：← → 1手ずつ、Home/End 局の最初と最後、PageUp/PageDown 前後の局。スマホではスワイプ。",
  "lobby.seats": "{n}/{total} 人着席",
  "lobby.wait": "{n} 秒待機中",
  "lobby.botFill": "{n} 秒待機中。{limit} 秒でボットが席を埋めます。",
  "home.play": "対局する",
  "home.playLead": "ボットや他のプレイヤーと卓を囲みます。",
};
