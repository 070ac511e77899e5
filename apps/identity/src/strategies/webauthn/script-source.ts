// The browser half of the webauthn and passkey methods, served at /.well-known/ory/webauthn.js
// and named by the ui nodes' `onclickTrigger` / `onloadTrigger` (docs/protocol.md#other-endpoints). It
// defines the same window functions as Kratos's script, so Ory's SDKs and UIs work with it:
// each one reads the options the service put into a node, runs the WebAuthn ceremony, writes
// the result (base64url, Kratos's JSON shape) into the hidden result field and submits its form.
// Plain ES2017, no imports: it runs as it is, under subresource integrity.

export const webauthnScriptSource = `(function () {
  "use strict";
  if (typeof window === "undefined" || window.__oryWebAuthnInitialized) return;

  function fromBase64Url(value) {
    var base64 = value.replace(/-/g, "+").replace(/_/g, "/");
    var binary = atob(base64);
    var bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return bytes;
  }

  function toBase64Url(buffer) {
    if (!buffer) return undefined;
    var bytes = new Uint8Array(buffer);
    var binary = "";
    for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary).replace(/\\+/g, "-").replace(/\\//g, "_").replace(/=+$/, "");
  }

  function field(name) {
    return document.getElementsByName(name)[0];
  }

  function withIds(list) {
    return (list || []).map(function (item) {
      return Object.assign({}, item, { id: fromBase64Url(item.id) });
    });
  }

  function creationOptions(options) {
    var publicKey = Object.assign({}, options.publicKey);
    publicKey.challenge = fromBase64Url(publicKey.challenge);
    publicKey.user = Object.assign({}, publicKey.user, { id: fromBase64Url(publicKey.user.id) });
    publicKey.excludeCredentials = withIds(publicKey.excludeCredentials);
    return { publicKey: publicKey };
  }

  function requestOptions(options) {
    var publicKey = Object.assign({}, options.publicKey);
    publicKey.challenge = fromBase64Url(publicKey.challenge);
    if (publicKey.allowCredentials) publicKey.allowCredentials = withIds(publicKey.allowCredentials);
    return publicKey;
  }

  function attestation(credential) {
    return JSON.stringify({
      id: credential.id,
      rawId: toBase64Url(credential.rawId),
      type: credential.type,
      response: {
        attestationObject: toBase64Url(credential.response.attestationObject),
        clientDataJSON: toBase64Url(credential.response.clientDataJSON),
        transports: credential.response.getTransports ? credential.response.getTransports() : [],
      },
    });
  }

  function assertion(credential) {
    return JSON.stringify({
      id: credential.id,
      rawId: toBase64Url(credential.rawId),
      type: credential.type,
      response: {
        authenticatorData: toBase64Url(credential.response.authenticatorData),
        clientDataJSON: toBase64Url(credential.response.clientDataJSON),
        signature: toBase64Url(credential.response.signature),
        userHandle: toBase64Url(credential.response.userHandle),
      },
    });
  }

  // requestSubmit lets the page's own submit handling (a framework's form action) run.
  function submit(resultEl, value) {
    resultEl.value = value;
    var form = resultEl.closest("form");
    if (!form) return;
    if (typeof form.requestSubmit === "function") form.requestSubmit();
    else form.submit();
  }

  function parse(el) {
    return el && el.value ? JSON.parse(el.value) : undefined;
  }

  function supported() {
    if (window.PublicKeyCredential) return true;
    console.error("[Ory/WebAuthn] This browser does not support WebAuthn.");
    return false;
  }

  function abortConditional(reason) {
    if (window.abortPasskeyConditionalUI) {
      window.abortPasskeyConditionalUI.abort(reason);
      window.abortPasskeyConditionalUI = undefined;
    }
  }

  function webAuthnRegistration(options) {
    var trigger = field("webauthn_register_trigger");
    var result = field("webauthn_register");
    var opts = options || parse(trigger);
    if (!supported() || !opts || !result) return Promise.resolve();
    return navigator.credentials.create(creationOptions(opts)).then(
      function (credential) { submit(result, attestation(credential)); },
      function (err) { console.error("[Ory/WebAuthn] Registration failed", err); },
    );
  }

  function webAuthnLogin(options) {
    var trigger = field("webauthn_login_trigger");
    var result = field("webauthn_login");
    var opts = options || parse(trigger);
    if (!supported() || !opts || !result) return Promise.resolve();
    return navigator.credentials.get({ publicKey: requestOptions(opts) }).then(
      function (credential) { submit(result, assertion(credential)); },
      function (err) { console.error("[Ory/WebAuthn] Sign-in failed", err); },
    );
  }

  function passkeyLoginAutocompleteInit() {
    var data = field("passkey_challenge");
    var result = field("passkey_login");
    if (!data || !result || !field("identifier")) return Promise.resolve();
    var PKC = window.PublicKeyCredential;
    if (!PKC || !PKC.isConditionalMediationAvailable) return Promise.resolve();
    return PKC.isConditionalMediationAvailable().then(function (available) {
      if (!available) return;
      abortConditional("A new passkey autofill request replaces the previous one.");
      var controller = new AbortController();
      window.abortPasskeyConditionalUI = controller;
      return navigator.credentials
        .get({ publicKey: requestOptions(parse(data)), mediation: "conditional", signal: controller.signal })
        .then(
          function (credential) { submit(result, assertion(credential)); },
          function (err) { console.debug("[Ory/Passkey] Autofill ended", err); },
        );
    });
  }

  function passkeyLogin() {
    var data = field("passkey_challenge");
    var result = field("passkey_login");
    if (!supported() || !data || !result) return Promise.resolve();
    abortConditional("A passkey button sign-in replaces the autofill request.");
    return navigator.credentials.get({ publicKey: requestOptions(parse(data)) }).then(
      function (credential) { submit(result, assertion(credential)); },
      function (err) {
        console.error("[Ory/Passkey] Sign-in failed", err);
        return passkeyLoginAutocompleteInit();
      },
    );
  }

  function passkeyRegistration() {
    var data = field("passkey_create_data");
    var result = field("passkey_register");
    if (!supported() || !data || !result) return Promise.resolve();
    var createData = parse(data);
    var opts = createData.credentialOptions || createData;
    if (createData.displayNameFieldName && data.form) {
      var nameEl = data.form.querySelector("[name='" + createData.displayNameFieldName + "']");
      if (nameEl && nameEl.value) {
        opts.publicKey.user.name = nameEl.value;
        opts.publicKey.user.displayName = nameEl.value;
      }
    }
    return navigator.credentials.create(creationOptions(opts)).then(
      function (credential) { submit(result, attestation(credential)); },
      function (err) { console.error("[Ory/Passkey] Registration failed", err); },
    );
  }

  function passkeySettingsRegistration() {
    var data = field("passkey_create_data");
    var result = field("passkey_settings_register");
    if (!supported() || !data || !result) return Promise.resolve();
    return navigator.credentials.create(creationOptions(parse(data))).then(
      function (credential) { submit(result, attestation(credential)); },
      function (err) { console.error("[Ory/Passkey] Registration failed", err); },
    );
  }

  var triggers = {
    oryWebAuthnRegistration: webAuthnRegistration,
    oryWebAuthnLogin: webAuthnLogin,
    oryPasskeyLogin: passkeyLogin,
    oryPasskeyLoginAutocompleteInit: passkeyLoginAutocompleteInit,
    oryPasskeyRegistration: passkeyRegistration,
    oryPasskeySettingsRegistration: passkeySettingsRegistration,
  };
  Object.keys(triggers).forEach(function (name) {
    window[name] = triggers[name];
    // Older Ory UIs call the underscored names.
    window["__" + name] = triggers[name];
  });
  window.__oryWebAuthnInitialized = true;
  // As Kratos's script: UIs that rendered before it loaded (Ory Elements) wait for this event.
  window.dispatchEvent(new CustomEvent("oryWebAuthnInitialized"));
})();
`;
