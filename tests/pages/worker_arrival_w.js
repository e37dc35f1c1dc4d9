// A dedicated worker that does nothing but stay alive (a search index, say).
self.onmessage = (e) => self.postMessage(e.data);
