// Gnosis's two phones: the WebRTC data channel between them, and the camera that reads the
// other phone's pairing code. Go (app/ui/pair.go) drives it through window.gnosisPair and
// hears it through the callbacks it sets (onMessage, onState); what the codes carry and what
// goes over the channel is Go's (app/pair, app/link).
(() => {
  "use strict";

  const GATHER_MS = 2000; // the most a phone waits for its network addresses
  // The folder this script was served from: the decoder worker is beside it.
  const here = document.currentScript ? document.currentScript.src.replace(/pair\.js(\?.*)?$/, "") : "web/";
  let pc = null; // the RTCPeerConnection
  let channel = null; // its data channel, once the other phone's is known
  let stream = null; // the camera, while a scan runs
  let scanning = 0; // counts scans, so that a stopped one stops its loop
  let worker = null; // the QR decoder where the browser has no BarcodeDetector

  const state = (s) => window.gnosisPair.onState && window.gnosisPair.onState(s);

  // gathered resolves once the connection knows its addresses, or after GATHER_MS.
  const gathered = (c) =>
    new Promise((resolve) => {
      if (c.iceGatheringState === "complete") return resolve();
      const t = setTimeout(resolve, GATHER_MS);
      c.addEventListener("icegatheringstatechange", () => {
        if (c.iceGatheringState === "complete") {
          clearTimeout(t);
          resolve();
        }
      });
    });

  // listen makes ch this phone's channel; a channel's events count only while its connection
  // is this phone's (one closed as a new pairing began says nothing of the new one).
  const listen = (ch) => {
    channel = ch;
    const mine = pc;
    ch.onopen = () => pc === mine && state("open");
    ch.onclose = () => pc === mine && state("closed");
    ch.onmessage = (e) => window.gnosisPair.onMessage && window.gnosisPair.onMessage(String(e.data));
    if (ch.readyState === "open") state("open");
  };

  const fresh = () => {
    window.gnosisPair.close();
    pc = new RTCPeerConnection({ iceServers: [] });
    const c = pc;
    c.addEventListener("connectionstatechange", () => {
      if (pc === c && (c.connectionState === "failed" || c.connectionState === "disconnected")) state(c.connectionState);
    });
    return c;
  };

  window.gnosisPair = {
    onMessage: null,
    onState: null,

    // camera asks for the camera once, then lets it go: a page that holds the permission is
    // given the phone's real addresses rather than mDNS names, which phones often cannot
    // resolve for each other. It resolves to whether the camera was granted.
    camera() {
      if (!navigator.mediaDevices || !navigator.mediaDevices.getUserMedia) return Promise.resolve(false);
      return navigator.mediaDevices
        .getUserMedia({ video: { facingMode: "environment" } })
        .then((s) => {
          s.getTracks().forEach((t) => t.stop());
          return true;
        })
        .catch(() => false);
    },

    // offer makes the host's connection, one ordered and reliable channel, and resolves to
    // its description once its addresses are known.
    offer() {
      const c = fresh();
      listen(c.createDataChannel("gnosis", { ordered: true }));
      return c
        .createOffer()
        .then((o) => c.setLocalDescription(o))
        .then(() => gathered(c))
        .then(() => c.localDescription.sdp);
    },

    // answer makes the guest's connection to the host's offer (an SDP) and resolves to its
    // answer's description.
    answer(offer) {
      const c = fresh();
      c.ondatachannel = (e) => listen(e.channel);
      return c
        .setRemoteDescription({ type: "offer", sdp: offer })
        .then(() => c.createAnswer())
        .then((a) => c.setLocalDescription(a))
        .then(() => gathered(c))
        .then(() => c.localDescription.sdp);
    },

    // accept gives the host's connection the guest's answer; a second answer is refused.
    accept(answer) {
      if (!pc || pc.signalingState !== "have-local-offer") return Promise.reject(new Error("no offer waits for an answer"));
      return pc.setRemoteDescription({ type: "answer", sdp: answer });
    },

    // send sends a message when the channel is open; it reports whether it did (the link
    // sends again what was not received).
    send(text) {
      if (!channel || channel.readyState !== "open") return false;
      try {
        channel.send(text);
        return true;
      } catch (e) {
        return false;
      }
    },

    open() {
      return !!channel && channel.readyState === "open";
    },

    // close ends this phone's connection, and says so (its channel's own events no longer count).
    close() {
      const had = channel;
      if (channel) channel.close();
      if (pc) pc.close();
      channel = null;
      pc = null;
      if (had) state("closed");
    },

    // scan shows the camera in the video element of id and calls found(text) with the text of
    // each QR code it reads, until stopScan: with the browser's BarcodeDetector where there is
    // one, else with the decoder worker, loaded now (web/qrscan-worker.js). It resolves once
    // the camera runs; it rejects when the camera is refused.
    scan(id, found) {
      const run = ++scanning;
      const video = document.getElementById(id);
      return navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment", width: { ideal: 640 } } }).then((s) => {
        if (run !== scanning) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        stream = s;
        video.srcObject = s;
        video.muted = true;
        video.setAttribute("playsinline", "");
        const played = video.play().catch(() => {});
        const detector = "BarcodeDetector" in window ? new window.BarcodeDetector({ formats: ["qr_code"] }) : null;
        const canvas = document.createElement("canvas");
        const ctx2d = canvas.getContext("2d", { willReadFrequently: true });
        const read = () => {
          if (run !== scanning) return;
          if (video.readyState < 2 || !video.videoWidth) return setTimeout(read, 100);
          if (detector) {
            detector
              .detect(video)
              .then((codes) => {
                if (run === scanning && codes.length) found(codes[0].rawValue);
              })
              .catch(() => {})
              .then(() => setTimeout(read, 150));
            return;
          }
          const w = video.videoWidth,
            h = video.videoHeight;
          canvas.width = w;
          canvas.height = h;
          ctx2d.drawImage(video, 0, 0, w, h);
          const px = ctx2d.getImageData(0, 0, w, h);
          decode(px.data, w, h).then((text) => {
            if (run !== scanning) return;
            if (text) found(text);
            setTimeout(read, 50);
          });
        };
        played.then(read);
      });
    },

    stopScan() {
      scanning++;
      if (stream) stream.getTracks().forEach((t) => t.stop());
      stream = null;
    },
  };

  // decode sends a frame to the decoder worker, started at the first frame, and resolves to
  // the text of the code it read ("" for none). A worker that does not start within START_MS
  // (a slow phone compiles the decoder for seconds), that fails to, or that does not answer a
  // frame within DECODE_MS of being sent it, is let go, and the next frame starts another
  // (RETRY_MS after one that did not start).
  const START_MS = 60000;
  const DECODE_MS = 10000;
  const RETRY_MS = 2000; // after a worker that did not start, before the next
  let pending = null;
  const drop = () => {
    if (worker) worker.terminate();
    worker = null;
    if (pending) pending("");
    pending = null;
  };
  const decode = (pixels, w, h) => {
    if (!worker) {
      const wk = new Worker(here + "qrscan-worker.js");
      worker = wk;
      wk.ready = new Promise((resolve, reject) => {
        wk.fail = reject; // a promise settles once: after ready, a failure is the frame's
        const t = setTimeout(() => reject(new Error("not started in " + START_MS + " ms")), START_MS);
        wk.onmessage = (e) => {
          if (e.data && e.data.ready) {
            clearTimeout(t);
            return resolve();
          }
          if (e.data && e.data.failed) return reject(new Error(e.data.failed));
          if (pending) pending(e.data && e.data.text ? e.data.text : "");
          pending = null;
        };
      });
      wk.onerror = (e) => {
        console.warn("gnosis: the QR decoder failed: " + (e && e.message));
        wk.fail(new Error("failed"));
        if (worker === wk) drop();
      };
    }
    const wk = worker;
    return wk.ready.then(
      () =>
        new Promise((resolve) => {
          const t = setTimeout(() => {
            if (worker === wk) drop();
            resolve("");
          }, DECODE_MS);
          pending = (text) => {
            clearTimeout(t);
            resolve(text);
          };
          wk.postMessage({ pixels, w, h }, [pixels.buffer]);
        }),
      (err) => {
        console.warn("gnosis: the QR decoder did not start: " + err.message);
        if (worker === wk) drop();
        return new Promise((resolve) => setTimeout(() => resolve(""), RETRY_MS));
      },
    );
  };

  // The decoder is fetched once the page has been idle, where the browser has no
  // BarcodeDetector and a service worker serves the page, so that the service worker keeps it
  // and the first scan works offline too (files.js's keepWhenIdle). Browsers with a
  // BarcodeDetector never download it.
  window.gnosis.keepWhenIdle(["qrscan-worker.js", "qrscan.wasm"], () => !("BarcodeDetector" in window));
})();
