console.log("evidence loaded");
function explode() {
  throw new Error("kaboom from evidence.js");
}
setTimeout(explode, 0);
