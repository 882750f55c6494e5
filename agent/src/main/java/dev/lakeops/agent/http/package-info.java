/**
 * What every HTTP endpoint of the agent shares, below the packages that serve them: the JSON error
 * body ({@link dev.lakeops.agent.http.ApiError}).
 */
package dev.lakeops.agent.http;
