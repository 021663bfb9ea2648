-- Issue 3 item 7: through Neovim 0.7 as an independent client, ask for a quick fix (and apply
-- it), a hover and a completion on the Zimmer catalog copy, and see the results a user would.
local h = dofile(os.getenv('MCP_CATALOG_NVIM_DIR') .. '/helper.lua')

h.run(function()
  local bufnr = h.start({ settings = { knownVariables = { 'SLACK_BOT_TOKEN', 'STRAD_API_KEY', 'ZIMMER_PROD_API_KEY' } } })
  local diags = h.wait_diagnostics(bufnr, function(d) return #d >= 2 end, 'diagnostics arrive for the Zimmer catalog')
  if not diags then return end

  -- Quick fix: clamp `startup_timeout_sec: 4` to 5, applied the way Neovim applies a code action.
  local timeout_line = h.line_of(bufnr, '"startup_timeout_sec": 4')
  local at = h.position_of(bufnr, '4,', timeout_line)
  local actions = h.code_actions(bufnr, at) or {}
  local clamp
  for _, action in ipairs(actions) do
    if action.edit and action.title:find('5', 1, true) then clamp = action end
  end
  if h.check('a quick fix clamps the timeout to 5', clamp ~= nil, vim.inspect(vim.tbl_map(function(a) return a.title end, actions))) then
    vim.lsp.util.apply_workspace_edit(clamp.edit, 'utf-16')
    h.equal('the value is now 5', vim.api.nvim_buf_get_lines(bufnr, timeout_line, timeout_line + 1, false)[1]:match('"startup_timeout_sec": (%d+)'), '5')
    h.expect(bufnr, function(d)
      for _, item in ipairs(d) do if item.code == 'timeout-range' then return false end end
      return true
    end, 'timeout-range is gone after the fix')
  end

  -- Hover on the key: the bounds and what the value means per runtime.
  local key = h.position_of(bufnr, 'startup_timeout_sec', timeout_line)
  local hover = h.request(bufnr, 'textDocument/hover', h.position_params(bufnr, { line = key.line, character = key.character + 2 }))
  local text = hover and hover.contents and (hover.contents.value or hover.contents) or ''
  if type(text) ~= 'string' then text = vim.inspect(text) end
  h.check('hover shows the bounds', text:find('600', 1, true) ~= nil, text)
  h.check('hover explains the runtimes', text:find('Codex', 1, true) ~= nil and text:find('Claude', 1, true) ~= nil, text)

  -- Completion of `type` values inside the empty string of a new `"type": ""`.
  local type_line = h.line_of(bufnr, '"type": "stdio"')
  h.set_lines(bufnr, type_line, type_line + 1, { '    "type": "",' })
  local col = #'    "type": "'
  local completion = h.request(bufnr, 'textDocument/completion', h.position_params(bufnr, { line = type_line, character = col }))
  local items = completion and (completion.items or completion) or {}
  local labels = {}
  for _, item in ipairs(items) do labels[#labels + 1] = item.label end
  local joined = table.concat(labels, ' ')
  h.check('completion offers streamable-http', joined:find('streamable-http', 1, true) ~= nil, joined)
  h.check('completion offers stdio', joined:find('stdio', 1, true) ~= nil, joined)
end)
