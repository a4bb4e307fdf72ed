import "server-only";

/** Payments through the gateway (issue 54): orders fixed by the server, counted only when the gateway says so, refunded through it. */
export { confirmGatewayPayment } from "./confirm";
export { createGatewayOrder, gatewayOrderStates, gatewayOrderStatus } from "./orders";
export { refundThroughGateway } from "./refunds";
export { receiveGatewayWebhook } from "./webhook";
