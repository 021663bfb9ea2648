-- The Zimmer catalog with two planted problems (test/fixtures/neovim/README.md): Neovim receives
-- exactly those two diagnostics, on the right lines and columns, with codes, severities and data.
local h = dofile(os.getenv('MCP_CATALOG_NVIM_DIR') .. '/helper.lua')

h.run(function()
  local bufnr = h.start({ settings = { knownVariables = { 'SLACK_BOT_TOKEN', 'STRAD_API_KEY', 'ZIMMER_PROD_API_KEY' } } })
  local diags = h.wait_diagnostics(bufnr, function(d) return #d >= 2 end, 'diagnostics arrive for the Zimmer catalog')
  if not diags then return end

  local timeout_at = h.position_of(bufnr, '4,', h.line_of(bufnr, '"startup_timeout_sec": 4'))
  local variable_at = h.position_of(bufnr, '${SLACK_TEAM_ID}')
  h.equal('exactly the two planted problems', h.summary(diags), {
    'timeout-range@' .. timeout_at.line,
    'unresolved-variable@' .. variable_at.line,
  })

  local by_code = {}
  for _, d in ipairs(diags) do by_code[d.code] = d end

  local timeout = by_code['timeout-range']
  if h.check('timeout-range is there', timeout ~= nil) then
    h.equal('timeout-range underlines the value only', { timeout.lnum, timeout.col, timeout.end_lnum, timeout.end_col },
      { timeout_at.line, timeout_at.character, timeout_at.line, timeout_at.character + 1 })
    h.equal('timeout-range is a warning', timeout.severity, vim.diagnostic.severity.WARN)
    h.equal('timeout-range data carries the fix', { timeout.data and timeout.data.code, timeout.data and timeout.data.replacement }, { 'timeout-range', 5 })
  end

  local variable = by_code['unresolved-variable']
  if h.check('unresolved-variable is there', variable ~= nil) then
    h.equal('unresolved-variable underlines the placeholder', { variable.lnum, variable.col, variable.end_col },
      { variable_at.line, variable_at.character, variable_at.character + #'${SLACK_TEAM_ID}' })
    h.equal('unresolved-variable is a warning', variable.severity, vim.diagnostic.severity.WARN)
    h.equal('unresolved-variable data names the variable', variable.data and variable.data.name, 'SLACK_TEAM_ID')
    h.check('the message says how to declare the name known', variable.message:find('mcpCatalog.knownVariables', 1, true) ~= nil, variable.message)
    h.check('an editor message names no command-line flag', variable.message:find('--known', 1, true) == nil, variable.message)
    h.check('the message is plain text (no Markdown backticks)', variable.message:find('`', 1, true) == nil, variable.message)
  end
end)
