import {
  select_default
} from "../../chunks/chunk.ESLGNPIU.js";
import "../../chunks/chunk.6LXYZX3W.js";
import "../../chunks/chunk.TWN6XJ74.js";
import "../../chunks/chunk.6VP72EQR.js";
import "../../chunks/chunk.YNTJR3K4.js";
import "../../chunks/chunk.QVLAF6A7.js";
import "../../chunks/chunk.RWUUFNUL.js";
import "../../chunks/chunk.VGK3WMAH.js";
import "../../chunks/chunk.NDC2Y3JV.js";
import "../../chunks/chunk.Z3B46XM3.js";
import "../../chunks/chunk.E5624Z63.js";
import "../../chunks/chunk.E7U2HBHY.js";
import "../../chunks/chunk.VMDRFYXT.js";
import "../../chunks/chunk.25TVLSB6.js";
import "../../chunks/chunk.B4BZKR24.js";
import "../../chunks/chunk.SRECDZMQ.js";
import "../../chunks/chunk.UBADX4L7.js";
import "../../chunks/chunk.ZTHCIXLL.js";
import "../../chunks/chunk.NYIIDP5N.js";
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
  select_default as default
};
