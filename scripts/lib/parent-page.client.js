// The parent page's script (served as /parent/app.js by parent-page.ts): the demo guardian list fills the number,
// the form posts to /parent/send (an image read as base64), and the chat of the number is read every 3 seconds.
const texts = JSON.parse(document.body.dataset.texts);
const form = document.getElementById("send");
const from = document.getElementById("from");
const pick = document.getElementById("pick");
const to = document.getElementById("to");
const nameInput = document.getElementById("name");
const result = document.getElementById("result");
const chat = document.getElementById("chat");

if (pick) {
  pick.addEventListener("change", () => {
    const option = pick.selectedOptions[0];
    from.value = pick.value;
    if (option?.dataset.name) nameInput.value = option.dataset.name;
    if (option?.dataset.school) to.value = option.dataset.school;
    refresh();
  });
}
from.addEventListener("change", refresh);

const readImage = (file) =>
  new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve({ base64: String(reader.result).split(",")[1], mimeType: file.type });
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

form.addEventListener("submit", async (event) => {
  event.preventDefault();
  const file = form.image.files[0];
  const body = {
    from: from.value.trim(),
    name: nameInput.value.trim(),
    text: form.text.value,
    phoneNumberId: to.value,
    image: file ? await readImage(file) : undefined,
  };
  const res = await fetch("/parent/send", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  const answer = await res.json();
  if (!res.ok) result.textContent = texts.refused.replace("{reason}", answer.error);
  else if (answer.status < 200 || answer.status >= 300) result.textContent = texts.failed.replace("{status}", answer.status);
  else {
    result.textContent = texts.sent;
    form.text.value = "";
    form.image.value = "";
  }
  refresh();
});

function line(item) {
  const li = document.createElement("li");
  li.className = item.from;
  const who = document.createElement("small");
  who.textContent = `${item.from === "parent" ? texts.parent : texts.school_} · ${new Date(item.at).toLocaleString()}`;
  li.append(who, document.createTextNode(item.image ? `🖼 ${item.text}` : item.text));
  return li;
}

// The chat is redrawn only when it changed, so that a screen reader announces new messages, not every reading.
let shown = "";
async function refresh() {
  const number = from.value.trim();
  if (!number) return;
  const res = await fetch(`/parent/chat?number=${encodeURIComponent(number)}`);
  const { lines } = await res.json();
  const seen = JSON.stringify([number, lines]);
  if (seen === shown) return;
  shown = seen;
  const empty = document.createElement("li");
  empty.className = "empty";
  empty.textContent = texts.empty;
  chat.replaceChildren(...(lines.length ? lines.map(line) : [empty]));
}

setInterval(() => {
  if (!document.hidden) refresh();
}, 3000);
