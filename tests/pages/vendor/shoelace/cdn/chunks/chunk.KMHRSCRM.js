import {
  Z
} from "./chunk.OOP2EFQH.js";

// node_modules/lit-html/directive-helpers.js
var { I: t } = Z;
var e = (o, t2) => void 0 === t2 ? void 0 !== (o == null ? void 0 : o._$litType$) : (o == null ? void 0 : o._$litType$) === t2;
var f = (o) => void 0 === o.strings;
var u = {};
var m = (o, t2 = u) => o._$AH = t2;

export {
  e,
  f,
  m
};
/*! Bundled license information:

lit-html/directive-helpers.js:
  (**
   * @license
   * Copyright 2020 Google LLC
   * SPDX-License-Identifier: BSD-3-Clause
   *)
*/
