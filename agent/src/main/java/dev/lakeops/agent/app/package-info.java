/**
 * The wiring of the agent: every CDI producer that builds the plain-Java parts (the tools, the
 * runbooks, the stores, the model, the chat layer, the approval gate) from the configuration. It
 * depends on the other packages; none of them depends on it.
 */
package dev.lakeops.agent.app;
