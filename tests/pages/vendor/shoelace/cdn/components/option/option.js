import {
  option_default
} from "../../chunks/chunk.6TYFC5KB.js";
import "../../chunks/chunk.IUUAGFZ3.js";
import "../../chunks/chunk.6R646567.js";
import "../../chunks/chunk.2SU6QBUU.js";
import "../../chunks/chunk.DT2WPFWO.js";
import "../../chunks/chunk.TDEXDIPB.js";
import "../../chunks/chunk.AGWHFEOF.js";
import "../../chunks/chunk.KMHRSCRM.js";
import "../../chunks/chunk.ZL53POKZ.js";
import "../../chunks/chunk.P7ZG6EMR.js";
import "../../chunks/chunk.3TFKS637.js";
import "../../chunks/chunk.NLZKSRIS.js";
import "../../chunks/chunk.3RBSSBZT.js";
import "../../chunks/chunk.UP75L23G.js";
import "../../chunks/chunk.3Y6SB6QS.js";
import "../../chunks/chunk.JMZM2TDT.js";
import "../../chunks/chunk.INZSKSLC.js";
import "../../chunks/chunk.OGQ452CI.js";
import "../../chunks/chunk.OOP2EFQH.js";
import "../../chunks/chunk.W27M6RDR.js";
export {
  option_default as default
};
